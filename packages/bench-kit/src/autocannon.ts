/**
 * HTTP load with autocannon, the way the API benches measure: a warm-up (JIT, query plans, buffers), then a fixed
 * duration at a fixed number of connections. A target that answers anything but 2xx, or refuses connections, stops
 * the measurement at once and fails it with the answer: figures of a 429 or an error page are not the route's.
 */
import autocannon from 'autocannon';
import { ratio } from './figures.ts';
import { step } from './limits.ts';

export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface LoadFigures {
  target: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
}

type Instance = autocannon.Instance & PromiseLike<autocannon.Result>;

async function once(url: string, requests: autocannon.Request[], connections: number, durationS: number): Promise<autocannon.Result> {
  const instance = autocannon({ url, connections, duration: durationS, requests }) as unknown as Instance;
  let failure: string | null = null;
  instance.on('response', (_client: unknown, statusCode: number) => {
    if (failure === null && (statusCode < 200 || statusCode > 299)) {
      failure = `answered ${statusCode}`;
      instance.stop();
    }
  });
  instance.on('reqError', (error: Error) => {
    if (failure === null) {
      failure = `request failed: ${error.message}`;
      instance.stop();
    }
  });
  const result = await instance;
  if (failure !== null) {
    const first = requests[0];
    throw new Error(`${first?.method ?? 'GET'} ${first?.path ?? ''} ${failure}${await answerOf(url, first)}`);
  }
  return result;
}

/** The body of one such request, to say why the load failed (a 429's message names the limit). */
async function answerOf(url: string, request: autocannon.Request | undefined): Promise<string> {
  if (!request) return '';
  const response = await fetch(new URL(request.path ?? '/', url), {
    method: request.method ?? 'GET',
    headers: request.headers as Record<string, string> | undefined,
    body: typeof request.body === 'string' ? request.body : undefined,
    signal: AbortSignal.timeout(5_000),
  }).catch(() => null);
  if (!response) return '';
  return ` (one more: ${response.status} ${(await response.text()).slice(0, 200)})`;
}

/** Warm-up, then the measured run; its step fails after the two durations plus 30 s. */
export function measure(target: string, url: string, requests: autocannon.Request[], options: LoadOptions): Promise<LoadFigures> {
  return step(target, options.warmupS + options.durationS + 30, async () => {
    if (options.warmupS > 0) await once(url, requests, options.connections, options.warmupS);
    const r = await once(url, requests, options.connections, options.durationS);
    return { target, rps: Math.round(r.requests.average), p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, requests: r.requests.total };
  });
}

/** The figures as a Markdown table, the first row being the baseline every other row's p99 is compared with. */
export function loadTable(rows: LoadFigures[]): string {
  const baseline = rows[0];
  const lines = [
    `| target | req/s | p50 ms | p90 ms | p99 ms | max ms | requests | p99 vs ${baseline?.target ?? 'baseline'} |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (f, i) =>
        `| ${f.target} | ${f.rps} | ${f.p50} | ${f.p90} | ${f.p99} | ${f.max} | ${f.requests} | ${i === 0 ? 'baseline' : ratio(f.p99, baseline?.p99 ?? NaN)} |`,
    ),
  ];
  return lines.join('\n');
}
