/**
 * `npm run bench:smoke` (CI, after `npm test`): every bench at a small size, one after another, each under a limit.
 * It proves that each bench runs end to end and prints its figure lines; it fails on an error, a hang or a missing
 * figure line, never on the figures themselves (a bench that missed a target exits TARGET_MISSED_EXIT, a pass here).
 * Budget: about 4 minutes on 2 shared cores in all (CI's whole run has 90); each bench's wall time is printed. The
 * limits below bound a hang, they are not the budget: a bench that needs them is broken.
 *
 * Needs DATABASE_URL (a PostgreSQL server): the npm script runs it under scripts/with-postgres.sh. bench:market,
 * bench:realtime and bench:replicas (with Debian's HAProxy) run on it; the others on their embedded defaults
 * (PGlite), as they do at full size.
 * A new bench gets a line here.
 */
import { fileURLToPath } from 'node:url';
import { loadLine } from './src/figures.ts';
import { runSmokeBench, type SmokeBench, type SmokeResult } from './src/smoke-runner.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const npm = (script: string, workspace: string | null, ...args: string[]) => [
  'npm',
  'run',
  '--silent',
  script,
  ...(workspace ? ['-w', workspace] : []),
  ...(args.length > 0 ? ['--', ...args] : []),
];
const n = String.raw`[\d.,]+`;
/** A ratio to a same-run baseline: `3.2×`, or `–` when the baseline measured 0 (a fast machine's bare route p99). */
const x = String.raw`(?:[\d.,]+×|–)`;
const embedded = { DATABASE_URL: undefined };

export const SMOKE_BENCHES: SmokeBench[] = [
  {
    name: 'bench:faults',
    command: npm('bench:faults', '@jelly/api', '--fast', '--only=kill:after-claim'),
    limitS: 240,
    figures: [
      new RegExp(`^\\[bench\\] kill -9 of every replica at jelly_payout:after-claim: paid in ${n} s`),
      /^\[bench\] faults 1, paid 1, to the admins 0, stuck and unseen 0 \(target 0\)/,
      /^load average /,
    ],
  },
  {
    name: 'bench:program',
    command: npm('bench:program', '@jelly/escrow'),
    limitS: 60,
    figures: [new RegExp(`^accept_offer_and_lock \\(creates order, vault, ticket\\) +\\d+ +${n} +${n} `), new RegExp(`^program/jelly_escrow\\.so: ${n} bytes`)],
  },
  {
    name: 'bench:stats',
    command: npm('bench:stats', '@jelly/api', '--deals=1000', '--other-deals=2000', '--runs=50'),
    limitS: 90,
    env: embedded,
    figures: [
      new RegExp(`^\\[bench\\] baseline +p50 +${n} ms +p99 +${n} ms`),
      new RegExp(`^\\[bench\\] stats +p50 +${n} ms +p99 +${n} ms .* vs baseline: p50 ${x} p99 ${x}`),
      new RegExp(`^\\[bench\\] scan +p50 +${n} ms +p99 +${n} ms`),
    ],
  },
  {
    name: 'bench:market',
    command: npm('bench:market', '@jelly/api', '--offers=2000', '--duration=1', '--warmup=1', '--connections=8'),
    limitS: 120,
    figures: [
      new RegExp(`^\\| bare Fastify route \\| ${n} \\| ${n} \\|`),
      new RegExp(`^\\| all-new-offers \\(bearer\\), every page from PostgreSQL \\| ${n} \\| ${n} \\|`),
      new RegExp(`^market p99, worst endpoint, no page cache: ${n} ms, ${x} the bare route's`),
      new RegExp(`^market p99, worst endpoint, ${n} ms page cache: ${n} ms`),
      /^load average /,
    ],
  },
  {
    name: 'bench:realtime',
    command: npm('bench:realtime', '@jelly/api', '20', '40', '50', '2000'),
    limitS: 120,
    figures: [
      /^── 20 sockets \(postgres\) ──$/,
      new RegExp(`^connected \\+ authenticated: 20 sockets in ${n} s`),
      new RegExp(`^chat\\.message delivery: +n=\\d+ p50 ${n} ms +p95 ${n} ms +p99 ${n} ms`),
      new RegExp(`^baseline, bare HTTP → push: +n=\\d+ p50 ${n} ms +p95 ${n} ms +p99 ${n} ms`),
      new RegExp(`^chat\\.message vs baseline: +p50 ${x} +p95 ${x}`),
      new RegExp(`^GET /metrics \\(20 sockets, 2000 offers\\): p50 ${n} ms +p99 ${n} ms; GET /api/health/live: p50 ${n} ms +p99 ${n} ms; vs live: p50 ${x}`),
      /^lost: \d+ chat messages never arrived/,
      /^load average /,
    ],
  },
  {
    name: 'bench:swap',
    command: npm('bench:swap', '@jelly/api', '--duration=1', '--warmup=1', '--connections=8', '--swaps=3'),
    limitS: 120,
    env: embedded,
    figures: [
      /^\[bench\] database: PGlite/,
      new RegExp(`^\\| POST /api/swap/quote \\(25 USDT → SOL\\) \\| ${n} \\| ${n} \\|`),
      new RegExp(`^quote p99 at 8 connections: ${n} ms, ${x} the bare route's`),
      new RegExp(`^quote throughput: ${n} req/s, ${n}% of the bare route's ${n} req/s \\(same run\\)`),
      /^quote target \(p99 ≤ 20 ms and ≥ 10% of bare\): (met|NOT met)$/,
      new RegExp(`^submit → Completed over 3 swaps: p50 ${n} ms`),
      /^load average /,
    ],
  },
  {
    name: 'bench:coin-jelly',
    command: npm('bench:coin-jelly', '@jelly/api', '--orders=20', '--sample=4', '--concurrency=2'),
    limitS: 120,
    env: embedded,
    figures: [
      new RegExp(`^confirmed +p50 ${n} ms · p95 ${n} ms`),
      new RegExp(`^detected +p50 ${n} ms · p95 ${n} ms .* p50 ${x} the transfer's`),
      new RegExp(`^payout +p50 ${n} ms · p95 ${n} ms`),
    ],
  },
  {
    // Three API replicas behind HAProxy on the smoke's PostgreSQL: the three figures at their smallest.
    name: 'bench:replicas',
    command: npm('bench:replicas', '@jelly/api', '--sockets=60', '--messages=40', '--offers=2000', '--duration=1', '--warmup=1', '--connections=8', '--orders=20', '--sample=2', '--concurrency=2'),
    limitS: 180,
    figures: [
      new RegExp(`^market p99 behind HAProxy, worst endpoint, page cache: ${n} ms, ${x} the bare route's`),
      new RegExp(`^chat\\.message at the recipient: n=\\d+ p50 ${n} ms +p95 ${n} ms +p99 ${n} ms`),
      new RegExp(`^baseline, bare push via HAProxy: n=\\d+ p50 ${n} ms +p95 ${n} ms +p99 ${n} ms`),
      /^lost: \d+ chat messages never reached their recipient/,
      new RegExp(`^confirmed \\(baseline\\): p50 ${n} ms`),
      new RegExp(`^detected: +p50 ${n} ms · p95 ${n} ms .* p95 ${x} the transfer's`),
      /^ {2}load average /,
    ],
  },
  {
    name: 'bench:web',
    // One visitor's page and the deal page (the signed-in set-up: a deal over the API, the browser signed in).
    command: npm('bench:web', null, '--runs=1', '--pages=/,deal'),
    limitS: 180,
    env: embedded,
    // The score, the script weight and benchmarkIndex are always measured; LCP may be missing on a loaded machine.
    figures: [
      new RegExp(`^mobile +reference +\\d+ .* ${n}$`),
      new RegExp(`^mobile +/ +\\d+ .* ${n}$`),
      new RegExp(`^mobile +deal /swap-chat/\\d+ +\\d+ .* ${n}$`),
      /^(PASS|FAIL): /,
      /^load average /,
    ],
  },
  {
    name: 'bench:start',
    // With the smoke run's DATABASE_URL: the embedded start and the external-PostgreSQL API beside it.
    command: npm('bench:start', null, '--runs=1', '--idle=2'),
    limitS: 240,
    figures: [
      new RegExp(`^\\[bench\\] bare Fastify start +min ${n} median ${n} max ${n} s`),
      new RegExp(`^\\[bench\\] first start \\(build\\) +min ${n} median ${n} max ${n} s +${x} the bare start +peak RSS`),
      new RegExp(`^\\[bench\\] restart +min ${n} median ${n} max ${n} s +${x} the bare start`),
      new RegExp(`^\\[bench\\] idle ${n} s after a restart: RSS ${n} MB \\(anonymous ${n} MB`),
      new RegExp(`^\\[bench\\] external API start +min ${n} median ${n} max ${n} s +${x} the bare start`),
      new RegExp(`^\\[bench\\] external API idle ${n} s: RSS ${n} MB \\(anonymous ${n} MB`),
      /^\[bench\] (PASS|FAIL): /,
    ],
  },
];

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.error('bench:smoke needs DATABASE_URL; `npm run bench:smoke` starts a throw-away PostgreSQL for it.');
    process.exit(1);
  }
  const started = performance.now();
  console.log(`bench:smoke: ${SMOKE_BENCHES.length} benches at smoke size (budget about 4 minutes); ${loadLine()}`);
  const results: SmokeResult[] = [];
  for (const bench of SMOKE_BENCHES) {
    console.log(`\n▶ ${bench.name} (limit ${bench.limitS} s): ${bench.command.join(' ')}`);
    const result = await runSmokeBench(bench, (line) => console.log(`  │ ${line}`), root);
    console.log(`${result.ok ? '✓' : '✗'} ${bench.name} ${result.seconds.toFixed(1)} s${result.reason ? `: ${result.reason}` : ''}`);
    results.push(result);
  }
  const total = (performance.now() - started) / 1000;
  console.log('\nbench:smoke summary');
  for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name.padEnd(18)} ${r.seconds.toFixed(1).padStart(6)} s${r.reason ? `  ${r.reason}` : ''}`);
  const failed = results.filter((r) => !r.ok);
  console.log(`  total ${total.toFixed(1)} s (budget about 240 s); ${loadLine()}`);
  console.log(failed.length === 0 ? 'bench:smoke passed' : `bench:smoke FAILED: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(failed.length === 0 ? 0 : 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
