/**
 * `npm run bench:web`: builds the web app, starts the whole product on its embedded defaults (localnet, PGlite) in a
 * fresh data folder, signs Chromium in as a wallet with a deal of its own (bench/signed-in.ts) and runs Lighthouse
 * three times on each page in Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default). Lighthouse's throttling
 * is simulated, so nothing leaves the machine. In the same run it measures a static reference page (served beside the
 * app by this process) and prints the host's benchmarkIndex: a loaded or slow machine shows in both. Prints the median
 * of each figure, the targets the mobile runs must meet and a PASS/FAIL line; a missed target ends it with
 * TARGET_MISSED_EXIT.
 *
 * Options: --runs=N (default 3), --pages=/,/buy-crypto,… (`deal` is the deal page; default the seven main pages),
 * --presets=mobile,desktop (default mobile: the targets are the phone's), --explain (print each run's LCP element, LCP
 * phases, main-thread time and scripts under its row).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TARGET_MISSED_EXIT, freePort, loadLine, numberFlag, onExit, parseFlags, runBench, runCommand, startChild, step } from '@jelly/bench-kit';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { REFERENCE, figures, medians, misses, printTable, printTargets, type Figures, type Row } from './report.ts';
import { partyWithDeal, signBrowserIn, signBrowserOut } from './signed-in.ts';

const args = parseFlags();
const RUNS = numberFlag(args, 'runs', 3);
/** The pages a visitor lands on, then the signed-in ones (`deal`: the bench's own deal). */
const SIGNED_IN = ['/my-account', 'deal'];
const PAGES = (args.get('pages') ?? ['/', '/buy-crypto', '/swap', '/coin-jelly', '/p2p', ...SIGNED_IN].join(',')).split(',');
const EXPLAIN = args.has('explain');
const PRESETS = (args.get('presets') ?? 'mobile').split(',') as ('mobile' | 'desktop')[];
const root = resolve(import.meta.dirname, '../../..');
/** Lighthouse's own page-load limits are 45 s and below; a run that takes two minutes is stuck. */
const RUN_LIMIT_S = 120;
const LIMIT_S = 300 + 120 + 120 + RUNS * (PAGES.length + 1) * PRESETS.length * RUN_LIMIT_S;

/** The yardstick: a page of text with a stylesheet and no script, what the phone's network and CPU allow at best. */
const REFERENCE_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reference</title><style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:720px;padding:24px}h1{font-size:2rem}</style></head>
<body><h1>A static reference page</h1><p>${'Plain text, no script, served from memory. '.repeat(12)}</p></body></html>`;

async function serveReference(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(REFERENCE_HTML);
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(() => done())) };
}

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
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: dataDir, LOCALNET_PORT: '0', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_SECONDS: '0' },
      quiet: true,
      readyWithinS: 120,
      probeUrl: `${origin}/api/platform/config`,
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
      const reference = await serveReference();
      try {
        await measure(chrome.port, origin, reference.url);
      } finally {
        await reference.close();
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

async function lighthouseRuns(chromePort: number, preset: 'mobile' | 'desktop', label: string, url: string): Promise<Figures> {
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const flags: Flags = { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    const result = await step(`Lighthouse ${preset} ${label} run ${run + 1}`, RUN_LIMIT_S, () =>
      lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined),
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${label}`);
    // A run that saw no page (e.g. no contentful paint on a loaded machine) still counts; say why it is empty.
    const failed = result.lhr.runtimeError;
    if (failed) console.warn(`Lighthouse ${preset} ${label} run ${run + 1}: ${failed.code} ${failed.message}`);
    runs.push(figures(result));
  }
  return medians(runs);
}

async function measure(chromePort: number, origin: string, referenceUrl: string): Promise<void> {
  const party = PAGES.some((page) => SIGNED_IN.includes(page))
    ? await step('create a wallet with a deal over the API', 120, () => partyWithDeal(origin))
    : null;
  // Visitors' pages first (signed out), then the signed-in ones.
  const order = [...PAGES.filter((page) => !SIGNED_IN.includes(page)), ...PAGES.filter((page) => SIGNED_IN.includes(page))];
  const rows: Row[] = [];
  for (const preset of PRESETS) {
    // The reference first, once per preset: the same throttling, the same moment's load.
    rows.push({ preset, page: REFERENCE, figures: await lighthouseRuns(chromePort, preset, REFERENCE, referenceUrl) });
    await step('sign Chromium out', 30, () => signBrowserOut(chromePort, origin));
    let signedIn = false;
    for (const page of order) {
      if (party && !signedIn && SIGNED_IN.includes(page)) {
        await step('sign Chromium in over the API', 30, () => signBrowserIn(chromePort, origin, party.wallet));
        signedIn = true;
      }
      const path = page === 'deal' ? (party?.dealPath ?? '') : page;
      rows.push({ preset, page: page === 'deal' ? `deal ${path}` : page, figures: await lighthouseRuns(chromePort, preset, page, `${origin}${path}`) });
    }
  }
  printTable(rows, RUNS, origin);
  if (EXPLAIN) for (const row of rows) console.log(`\n${row.preset} ${row.page}\n${row.figures.explain}`);
  const missed = misses(rows);
  printTargets(missed, PAGES.length);
  console.log(loadLine());
  process.exitCode = missed.length === 0 ? 0 : TARGET_MISSED_EXIT;
}

await runBench({ name: 'bench:web', limitS: LIMIT_S }, main);
