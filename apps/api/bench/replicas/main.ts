/**
 * scripts/with-postgres.sh npm run bench:replicas -w @jelly/api [-- --sockets=10000 --messages=2000 --rate=50
 *   --offers=1000000 --duration=15 --warmup=3 --connections=32 --orders=10000 --sample=50 --concurrency=5
 *   --only=market,sockets,coin-jelly --cpu-prof=DIR]
 *
 * The figures at scale, as operators deploy: the replica tests' cluster (test/cluster: a standalone localnet, three
 * API processes on one PostgreSQL, Debian's HAProxy round robin in front), started once with a bench profile, and
 * the baseline server (bare-push.ts) behind the same HAProxy under /bare. Then, one after the other: the market page
 * p99 with the page cache (market.ts), chat push delivery to sockets spread over the replicas (sockets.ts), and
 * Coin Jelly's deposit → detected with many open orders watched (coin-jelly.ts). Each prints its figure beside its
 * same-run baseline; the summary prints each against its target and the load average. Exits with
 * TARGET_MISSED_EXIT when a figure missed its target.
 *
 * Bench profile (never the product's defaults): the sockets and the reserves name many client addresses in
 * X-Forwarded-For and Coin Jelly's users reserve 20 orders each, so every cap stays the product's; HAProxy holds
 * the sockets plus room for the load (two balancers past 8,000 sockets: the file limit); the replicas log warnings
 * only.
 */
import { fileURLToPath } from 'node:url';
import { TARGET_MISSED_EXIT, loadLine, numberFlag, parseFlags, runBench, startChild, step } from '@jelly/bench-kit';
import { startCluster } from '../../test/cluster/cluster.ts';
import { coinJellyFigure, coinJellyLimitS } from './coin-jelly.ts';
import type { Figure } from './figure.ts';
import { marketFigure, marketLimitS } from './market.ts';
import { socketsFigure, socketsLimitS } from './sockets.ts';

const args = parseFlags();
const PARTS = ['market', 'sockets', 'coin-jelly'] as const;
const only = new Set((args.get('only') ?? PARTS.join(',')).split(','));
for (const part of only) if (!PARTS.includes(part as (typeof PARTS)[number])) throw new Error(`--only: unknown part ${part} (one of ${PARTS.join(', ')})`);
const sockets = { sockets: numberFlag(args, 'sockets', 10_000), messages: numberFlag(args, 'messages', 2000), rate: numberFlag(args, 'rate', 50) };
const market = {
  offers: numberFlag(args, 'offers', 1_000_000),
  load: { durationS: numberFlag(args, 'duration', 15), warmupS: numberFlag(args, 'warmup', 3), connections: numberFlag(args, 'connections', 32) },
};
const coinJelly = { orders: numberFlag(args, 'orders', 10_000), sample: numberFlag(args, 'sample', 50), concurrency: numberFlag(args, 'concurrency', 5) };
const socketCount = only.has('sockets') ? sockets.sockets : 0;
/**
 * HAProxy holds two descriptors per proxied socket and this machine's file limit (`ulimit -n`, 20,000 here) cannot be
 * raised: past 8,000 sockets the bench runs a pair of identical balancers, as DNS would spread clients over two.
 */
const BALANCERS = Math.max(1, Math.ceil(socketCount / 8000));
/** Three API processes start one after the other: up to 3 minutes each on a loaded two-core machine. */
const START_LIMIT_S = 60 + 3 * 180;
const LIMIT_S =
  START_LIMIT_S +
  (only.has('market') ? marketLimitS(market) : 0) +
  (only.has('sockets') ? socketsLimitS(sockets) : 0) +
  (only.has('coin-jelly') ? coinJellyLimitS(coinJelly) : 0) +
  60;

if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL is required (a PostgreSQL server). From the repository root:\n  scripts/with-postgres.sh npm run bench:replicas -w @jelly/api');
  process.exit(1);
}

async function main(): Promise<void> {
  const bare = await startChild<{ port: number }>({ name: 'baseline server', script: fileURLToPath(new URL('../bare-push.ts', import.meta.url)), readyWithinS: 60 });
  const cluster = await step('start the cluster (localnet, 3 replicas, HAProxy)', START_LIMIT_S, () =>
    startCluster({
      env: {
        LOG_LEVEL: 'warn',
      },
      haproxy: { maxconn: Math.ceil(socketCount / BALANCERS) + 1000, routes: [{ name: 'bare', path: '/bare', port: bare.ready.port }] },
      balancers: BALANCERS,
      // --cpu-prof=DIR: each replica writes a V8 CPU profile there when the cluster stops (to find what a figure costs)
      replicaNodeFlags: args.has('cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${args.get('cpu-prof')}`] : [],
    }),
  );
  const figures: Figure[] = [];
  try {
    console.log(`cluster: ${cluster.info.replicas.map((r) => `${r.name} ${r.url}`).join(', ')} behind HAProxy ${cluster.info.urls.join(' and ')}; ${loadLine()}`);
    if (only.has('market')) figures.push(await step('market', marketLimitS(market), () => marketFigure(cluster.info, market)));
    if (only.has('sockets')) figures.push(await step('sockets', socketsLimitS(sockets), () => socketsFigure(cluster.info, sockets)));
    if (only.has('coin-jelly')) figures.push(await step('coin jelly', coinJellyLimitS(coinJelly), () => coinJellyFigure(cluster.info, coinJelly)));
  } finally {
    await step('stop the cluster', 60, async () => {
      await cluster.stop();
      await bare.stop();
    });
  }
  console.log('\nreplicas summary (3 API replicas behind HAProxy, one PostgreSQL)');
  for (const f of figures) console.log(`  ${f.name}: ${f.line}`);
  console.log(`  ${loadLine()}`);
  if (figures.some((f) => !f.met)) process.exitCode = TARGET_MISSED_EXIT;
}

await runBench({ name: 'bench:replicas', limitS: LIMIT_S }, main);
