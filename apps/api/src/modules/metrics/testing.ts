/** Test helpers of the metrics module: scrape an app and read its series. */
import type { FastifyInstance } from 'fastify';
import { METRICS_PATH } from './metrics-plugin.ts';

export interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Reads the Prometheus text format (comments skipped): one entry per sample line. */
export function parseExposition(text: string): Series[] {
  const series: Series[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = raw!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    }
    const value = match[3] === '+Inf' ? Infinity : match[3] === '-Inf' ? -Infinity : Number(match[3]);
    series.push({ name: match[1]!, labels, value });
  }
  return series;
}

/** Names from the `# TYPE name kind` lines, with the series names a histogram or summary adds. */
export function declaredNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, kind] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (kind === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    if (kind === 'summary') for (const suffix of ['_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

export interface Scrape {
  series: Series[];
  /** The value of the series with exactly these labels, or undefined when it is absent. */
  value(name: string, labels?: Record<string, string>): number | undefined;
  /**
   * Every series name the app declares (its `# TYPE` lines), a histogram's _bucket, _sum and _count included,
   * whether or not a labelled series has a sample yet.
   */
  declared: Set<string>;
}

/** GET /metrics from a loopback address; fails unless it answers 200 in the text format. */
export async function scrape(app: FastifyInstance): Promise<Scrape> {
  const response = await app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '127.0.0.1' });
  if (response.statusCode !== 200) throw new Error(`GET /metrics answered ${response.statusCode}`);
  if (!String(response.headers['content-type']).startsWith('text/plain')) throw new Error('GET /metrics is not text/plain');
  const series = parseExposition(response.body);
  const same = (a: Record<string, string>, b: Record<string, string>) =>
    Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v);
  return {
    series,
    value: (name, labels = {}) => series.find((s) => s.name === name && same(s.labels, labels))?.value,
    declared: declaredNames(response.body),
  };
}
