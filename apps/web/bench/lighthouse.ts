/**
 * `npm run bench:web`: builds the web app, starts the whole product on its embedded defaults (localnet, PGlite) in a
 * fresh data folder, and runs Lighthouse three times on / and /buy-crypto with the mobile and the desktop preset in
 * Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default). Lighthouse's throttling is simulated, so nothing
 * leaves the machine. Prints the median of each figure and the targets the mobile runs must meet.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const RUNS = 3;
const PAGES = ['/', '/buy-crypto'];
const root = resolve(import.meta.dirname, '../../..');
const TARGETS = { performance: 90, lcpMs: 2_500, jsKbOnHome: 200 };

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

async function waitForServer(origin: string, child: ReturnType<typeof spawn>): Promise<void> {
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('the server exited before it answered');
    const ok = await fetch(`${origin}/api/platform/config`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((next) => setTimeout(next, 250));
  }
}

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
  const build = spawnSync('npm', ['run', 'build', '-w', '@jelly/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('the web build failed');

  const dataDir = mkdtempSync(join(tmpdir(), 'jelly-bench-web-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: dataDir, LOCALNET_PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    await waitForServer(origin, server);
    const rows: { preset: string; page: string; figures: Figures }[] = [];
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const page of PAGES) {
        const runs: Figures[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
          const result = await lighthouse(`${origin}${page}`, flags, preset === 'desktop' ? desktopConfig : undefined);
          if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
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
    console.log(`\nLighthouse medians of ${RUNS} runs (${origin}, signed out, cold cache)\n`);
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
    process.exitCode = misses.length === 0 ? 0 : 1;
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
