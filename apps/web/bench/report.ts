/**
 * bench:web's figures: what one Lighthouse run measured, the medians of a page's runs, the table, the targets and the
 * pass/fail line. The reference row is a static page served beside the app in the same run, and benchmarkIndex is
 * Lighthouse's own measure of the host's CPU (higher is faster; a loaded machine scores lower): together they show how
 * much of a slow figure is the machine.
 */
import type { RunnerResult } from 'lighthouse';

export interface Figures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  benchmarkIndex: number;
  /** What the page's LCP was, and where its main-thread time and bytes went: printed with --explain. */
  explain: string;
}

export interface Row {
  preset: string;
  /** The page's path, or REFERENCE for the static reference page. */
  page: string;
  figures: Figures;
}

export const REFERENCE = 'reference';

/** Issue 24: every main page on a throttled phone (the mobile preset); the JavaScript budget is the home page's. */
export const TARGETS = { performance: 90, lcpMs: 2_500, tbtMs: 200, jsKbOnHome: 200 };

export function figures(result: RunnerResult): Figures {
  const { categories, audits, environment } = result.lhr;
  const summary = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const script = summary.find((item) => item.resourceType === 'script');
  return {
    // No score (a run Lighthouse could not record) is no figure, not a 0: the median leaves it out.
    performance: Math.round((categories.performance?.score ?? Number.NaN) * 100),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    jsKb: (script?.transferSize ?? 0) / 1024,
    benchmarkIndex: environment.benchmarkIndex,
    explain: explain(result),
  };
}

type Items = { items?: Record<string, unknown>[] } | undefined;

/** The LCP element, the LCP's phases, the scripts with the most main-thread time and the largest scripts. */
function explain({ lhr: { audits } }: RunnerResult): string {
  const items = (id: string) => (audits[id]?.details as Items)?.items ?? [];
  const lcpNode = (items('largest-contentful-paint-element')[0] as { items?: { node?: { snippet?: string; nodeLabel?: string } }[] } | undefined)
    ?.items?.[0]?.node;
  const phases = ((items('largest-contentful-paint-element')[1] as { items?: { phase: string; timing: number }[] } | undefined)?.items ?? [])
    .map((p) => `${p.phase} ${Math.round(p.timing)} ms`)
    .join(', ');
  const bootup = items('bootup-time')
    .slice(0, 4)
    .map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(i.total))} ms (script ${Math.round(Number(i.scripting))})`)
    .join('; ');
  const work = items('mainthread-work-breakdown')
    .slice(0, 4)
    .map((i) => `${String(i.groupLabel)} ${Math.round(Number(i.duration))} ms`)
    .join('; ');
  const scripts = items('network-requests')
    .filter((i) => i.resourceType === 'Script')
    .map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, '')} ${(Number(i.transferSize) / 1024).toFixed(1)} KB`)
    .join('; ');
  const long = items('long-tasks')
    .slice(0, 6)
    .map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, '')} at ${Math.round(Number(i.startTime))} ${Math.round(Number(i.duration))} ms`)
    .join('; ');
  const shifts = items('layout-shifts')
    .slice(0, 4)
    .map((i) => `${(i.node as { snippet?: string } | undefined)?.snippet ?? '?'} ${Number(i.score).toFixed(3)}`)
    .join('; ');
  return [`LCP element: ${lcpNode?.snippet ?? '?'} "${lcpNode?.nodeLabel ?? ''}"`, `LCP phases: ${phases}`, `bootup: ${bootup}`, `main thread: ${work}`, `long tasks: ${long}`, `layout shifts: ${shifts}`, `scripts: ${scripts}`]
    .map((line) => `    ${line}`)
    .join('\n');
}

/** The median of the runs that measured the figure (Lighthouse reports none when a run saw no contentful paint). */
const median = (values: number[]) => {
  const measured = values.filter(Number.isFinite).sort((a, b) => a - b);
  return measured[Math.floor(measured.length / 2)] ?? Number.NaN;
};

export function medians(runs: Figures[]): Figures {
  const pick = (key: Exclude<keyof Figures, 'explain'>) => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    jsKb: pick('jsKb'),
    benchmarkIndex: pick('benchmarkIndex'),
    explain: runs.map((r) => r.explain).join('\n    --\n'),
  };
}

export function printTable(rows: Row[], runs: number, origin: string): void {
  console.log(`\nLighthouse medians of ${runs} run${runs === 1 ? '' : 's'} (${origin}, cold cache; /my-account and the deal signed in)\n`);
  console.log('preset   page                perf   LCP (s)  TBT (ms)  CLS     JS (KB)  benchmarkIndex');
  for (const { preset, page, figures: f } of rows) {
    console.log(
      `${preset.padEnd(8)} ${page.padEnd(18)} ${String(f.performance).padStart(5)}   ${(f.lcpMs / 1000).toFixed(2).padStart(7)}  ${f.tbtMs
        .toFixed(0)
        .padStart(8)}  ${f.cls.toFixed(3).padStart(5)}  ${f.jsKb.toFixed(1).padStart(7)}  ${f.benchmarkIndex.toFixed(0).padStart(14)}`,
    );
  }
}

/** The mobile rows' missed targets, one sentence each (the reference page is a yardstick, not a target). */
export function misses(rows: Row[]): string[] {
  return rows
    .filter((row) => row.preset === 'mobile' && row.page !== REFERENCE)
    .flatMap(({ page, figures: f }) => [
      ...(!(f.performance >= TARGETS.performance) ? [`${page}: performance ${f.performance} < ${TARGETS.performance}`] : []),
      ...(!(f.lcpMs <= TARGETS.lcpMs) ? [`${page}: LCP ${(f.lcpMs / 1000).toFixed(2)} s > ${TARGETS.lcpMs / 1000} s`] : []),
      ...(!(f.tbtMs <= TARGETS.tbtMs) ? [`${page}: TBT ${f.tbtMs.toFixed(0)} ms > ${TARGETS.tbtMs} ms`] : []),
      ...(page === '/' && !(f.jsKb <= TARGETS.jsKbOnHome) ? [`/: ${f.jsKb.toFixed(1)} KB of JavaScript > ${TARGETS.jsKbOnHome} KB`] : []),
    ]);
}

export function printTargets(missed: string[], pages: number): void {
  console.log(
    `\nTargets (mobile): performance ≥ ${TARGETS.performance}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms on every page; ` +
      `JavaScript on / ≤ ${TARGETS.jsKbOnHome} KB`,
  );
  console.log(missed.length === 0 ? `PASS: every target met on ${pages} page${pages === 1 ? '' : 's'}` : `FAIL: ${missed.length} missed\n  ${missed.join('\n  ')}`);
}
