/**
 * `npm run bench:web`: builds the web app, starts the whole product on its embedded defaults (localnet, PGlite) in a
 * fresh data folder, and runs Lighthouse three times on / and /buy-crypto with the mobile and the desktop preset in
 * Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default). Lighthouse's throttling is simulated, so nothing
 * leaves the machine. Prints the median of each figure and the targets the mobile runs must meet; a missed target
 * ends it with TARGET_MISSED_EXIT.
 *
 * Options: --runs=N (default 3), --pages=/,/buy-crypto, --presets=mobile,desktop (the smoke run: 1 run, one page).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TARGET_MISSED_EXIT, freePort, loadLine, numberFlag, onExit, parseFlags, runBench, runCommand, startChild, step } from '@jelly/bench-kit';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const args = parseFlags();
const RUNS = numberFlag(args, 'runs', 3);
const PAGES = (args.get('pages') ?? '/,/buy-crypto').split(',');
const PRESETS = (args.get('presets') ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[];
const root = resolve(import.meta.dirname, '../../..');
const TARGETS = { performance: 90, lcpMs: 2_500, jsKbOnHome: 200 };
/** Lighthouse's own page-load limits are 45 s and below; a run that takes two minutes is stuck. */
const RUN_LIMIT_S = 120;
const LIMIT_S = 300 + 120 + 60 + RUNS * PAGES.length * PRESETS.length * RUN_LIMIT_S;

interface Figures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
}

function figures(result: RunnerResult): Figures {
  const { categories, audits } = result.lhr;
  const summary = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const script = summary.find((item) => item.resourceType === 'script');
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    jsKb: (script?.transferSize ?? 0) / 1024,
  };
}

/** The median of the runs that measured the figure (Lighthouse reports none when a run saw no contentful paint). */
const median = (values: number[]) => {
  const measured = values.filter(Number.isFinite).sort((a, b) => a - b);
  return measured[Math.floor(measured.length / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  await step('build the web app', 300, () => runCommand('npm', ['run', 'build', '-w', '@jelly/web'], { cwd: root, withinS: 300, quiet: true }));

  const dataDir = mkdtempSync(join(tmpdir(), 'jelly-bench-web-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  try {
    const server = await startChild({
      name: 'the product server',
      script: join(root, 'apps/api/src/server.ts'),
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: dataDir, LOCALNET_PORT: '0', LOG_LEVEL: 'warn' },
      quiet: true,
      readyWithinS: 120,
      probe: () => fetch(`${origin}/api/platform/config`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok),
    });
    try {
      const chrome = await step('start Chromium', 60, () =>
        chromeLauncher.launch({
          chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
          chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
        }),
      );
      // chrome-launcher starts Chromium in a process group of its own: kill it with the bench, whatever way it ends.
      const forget = onExit(() => void chrome.kill());
      try {
        await measure(chrome.port, origin);
      } finally {
        await chrome.kill();
        forget();
      }
    } finally {
      await step('stop the server', 30, () => server.stop(30));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(chromePort: number, origin: string): Promise<void> {
  const rows: { preset: string; page: string; figures: Figures }[] = [];
  for (const preset of PRESETS) {
    for (const page of PAGES) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const flags: Flags = { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
        const result = await step(`Lighthouse ${preset} ${page} run ${run + 1}`, RUN_LIMIT_S, () =>
          lighthouse(`${origin}${page}`, flags, preset === 'desktop' ? desktopConfig : undefined),
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        // A run that saw no page (e.g. no contentful paint on a loaded machine) still counts; say why it is empty.
        const failed = result.lhr.runtimeError;
        if (failed) console.warn(`Lighthouse ${preset} ${page} run ${run + 1}: ${failed.code} ${failed.message}`);
        runs.push(figures(result));
      }
      const pick = (key: keyof Figures) => median(runs.map((r) => r[key]));
      rows.push({
        preset,
        page,
        figures: { performance: pick('performance'), lcpMs: pick('lcpMs'), tbtMs: pick('tbtMs'), cls: pick('cls'), jsKb: pick('jsKb') },
      });
    }
  }
  console.log(`\nLighthouse medians of ${RUNS} run${RUNS === 1 ? '' : 's'} (${origin}, signed out, cold cache)\n`);
  console.log('preset   page         perf   LCP (s)  TBT (ms)  CLS     JS transferred (KB)');
  for (const { preset, page, figures: f } of rows) {
    console.log(
      `${preset.padEnd(8)} ${page.padEnd(12)} ${String(f.performance).padStart(4)}   ${(f.lcpMs / 1000).toFixed(2).padStart(7)}  ${f.tbtMs
        .toFixed(0)
        .padStart(8)}  ${f.cls.toFixed(3).padStart(5)}   ${f.jsKb.toFixed(1).padStart(8)}`,
    );
  }
  const misses = rows
    .filter((row) => row.preset === 'mobile')
    .flatMap(({ page, figures: f }) => [
      ...(f.performance < TARGETS.performance ? [`${page}: mobile performance ${f.performance} < ${TARGETS.performance}`] : []),
      ...(f.lcpMs > TARGETS.lcpMs ? [`${page}: mobile LCP ${(f.lcpMs / 1000).toFixed(2)} s > 2.5 s`] : []),
      ...(page === '/' && f.jsKb > TARGETS.jsKbOnHome ? [`/: ${f.jsKb.toFixed(1)} KB of JavaScript > ${TARGETS.jsKbOnHome} KB`] : []),
    ]);
  console.log(misses.length === 0 ? '\nAll targets met.' : `\nTargets missed:\n  ${misses.join('\n  ')}`);
  console.log(loadLine());
  process.exitCode = misses.length === 0 ? 0 : TARGET_MISSED_EXIT;
}

await runBench({ name: 'bench:web', limitS: LIMIT_S }, main);
