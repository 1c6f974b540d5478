/**
 * npm run bench:swap -w @jelly/api
 *
 * Starts the API on the embedded localnet (generated admin and desk keys) and a bare Fastify route in a child
 * process, then:
 * 1. autocannon at 32 connections: the bare route, then POST /api/swap/quote (25 USDT → SOL for a funded wallet: price
 *    feed, the desk's shared balances and blockhash, the quote's transaction and token) — p50/p99;
 * 2. N whole swaps one after another: quote, the wallet signs, POST /api/swap/submit answers Completed — the time from
 *    sending the submit to its Completed answer, p50/p90/max.
 *
 * The database: PGlite embedded without DATABASE_URL; with it (scripts/with-postgres.sh), a fresh database on that
 * PostgreSQL server, dropped afterwards. The first line says which.
 *
 * Target (issue 24): the quote's p99 ≤ 20 ms at 32 connections AND its req/s ≥ 10% of the bare route's in the same
 * run; printed with the bare route's figures beside it, the ratios, the load average and met / NOT met.
 *
 * Options: --duration=S seconds per target (default 15), --warmup=S (default 3), --connections=N (default 32),
 * --swaps=N (default 40), --cpu-prof=DIR (a CPU profile of the server).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectJson, loadLine, numberFlag, parseFlags, percentile, ratio, runBench, startChild, step } from '@jelly/bench-kit';
import { loadTable, measure, type LoadOptions } from '@jelly/bench-kit/autocannon';
import { KNOWN_MINTS, type SwapQuote, type SwapSubmitResponse } from '@jelly/contracts';
import { SwapStatus } from '@jelly/domain';
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import pg from 'pg';
import { signAccessToken } from '../src/modules/auth/access-token.ts';

const args = parseFlags();
const LOAD: LoadOptions = {
  durationS: numberFlag(args, 'duration', 15),
  warmupS: numberFlag(args, 'warmup', 3),
  connections: numberFlag(args, 'connections', 32),
};
const SWAPS = numberFlag(args, 'swaps', 40);
/** A whole swap takes under a second on a quiet machine; each gets 30 s before the step fails. */
const SWAP_LIMIT_S = 30;
const LIMIT_S = 120 + 2 * (LOAD.warmupS + LOAD.durationS + 30) + SWAPS * SWAP_LIMIT_S + 60;
const log = (message: string) => console.log(`[bench] ${message}`);
const QUOTE_BODY = JSON.stringify({ inputMint: KNOWN_MINTS.USDT, outputMint: KNOWN_MINTS.SOL, amount: '25000000' });
/** Issue 24's target: a quote's p99 at most this, at 32 connections… */
const TARGET_P99_MS = 20;
/** …while it serves at least this share of the bare route's requests per second, measured in the same run. */
const TARGET_SHARE_OF_BARE = 0.1;

/** A fresh database on DATABASE_URL's server for this run (dropped by `drop`), or null for PGlite. */
async function benchDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return null;
  const name = `jelly_bench_swap_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await step('create the bench database', 30, () => admin(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => step('drop the bench database', 30, () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

interface Ready {
  api: string;
  bare: string;
  wallet: number[];
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'jelly-bench-swap-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const publicUrl = 'http://localhost:8080';
  const database = await benchDatabase();
  log(database ? `database: PostgreSQL (a fresh database on DATABASE_URL's server)` : 'database: PGlite (embedded; set DATABASE_URL for PostgreSQL)');
  try {
    const server = await startChild<Ready>({
      name: 'API server',
      script: fileURLToPath(new URL('./swap-serve.ts', import.meta.url)),
      env: { ...process.env, DATA_DIR: dataDir, JWT_SECRET: jwtSecret, PUBLIC_URL: publicUrl, LOG_LEVEL: 'warn', PRICE_FEED: 'bundled', FLOATING_PRICE_REFRESH_SECONDS: '0', LOCALNET_PORT: '0', DATABASE_URL: database?.url ?? '' },
      readyWithinS: 120,
      // --cpu-prof=DIR: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
      nodeFlags: args.has('cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${args.get('cpu-prof')}`] : [],
    });
    try {
      await measureAll(server.ready, jwtSecret, publicUrl);
    } finally {
      await step('stop the server', 30, () => server.stop(30));
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

async function measureAll({ api, bare, wallet }: Ready, jwtSecret: string, publicUrl: string): Promise<void> {
  const keypair = Keypair.fromSecretKey(Uint8Array.from(wallet));
  const { token } = await signAccessToken(
    { jwtSecret: new TextEncoder().encode(jwtSecret), publicUrl, accessTokenTtlSeconds: 3600, now: () => new Date() },
    { wallet: keypair.publicKey.toBase58(), isAdmin: false },
  );
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = <T>(path: string, body: string) => expectJson<T>(`${api}${path}`, { method: 'POST', headers, body }, 200, SWAP_LIMIT_S);
  const sample = await post<SwapQuote>('/api/swap/quote', QUOTE_BODY);
  log(`sanity: 25 USDT → ${sample.outAmount} lamports, fee ${sample.feeBps} bps, source ${sample.source}`);

  log(`autocannon: ${LOAD.connections} connections, ${LOAD.durationS} s per target (after a ${LOAD.warmupS} s warm-up)`);
  const results = [
    await measure('bare Fastify route', bare, [{ method: 'GET', path: '/bare' }], LOAD),
    await measure('POST /api/swap/quote (25 USDT → SOL)', api, [{ method: 'POST', path: '/api/swap/quote', headers, body: QUOTE_BODY }], LOAD),
  ];

  log(`${SWAPS} whole swaps, one after another (quote → sign → submit → Completed)`);
  const times: number[] = [];
  await step(`${SWAPS} whole swaps`, SWAPS * SWAP_LIMIT_S, async () => {
    for (let i = 0; i < SWAPS; i++) {
      const quote = await post<SwapQuote>('/api/swap/quote', QUOTE_BODY);
      const tx = VersionedTransaction.deserialize(Buffer.from(quote.transaction, 'base64'));
      tx.sign([keypair]);
      const started = performance.now();
      const signedTransaction = Buffer.from(tx.serialize()).toString('base64');
      const result = await post<SwapSubmitResponse>('/api/swap/submit', JSON.stringify({ quoteToken: quote.quoteToken, signedTransaction }));
      const elapsed = performance.now() - started;
      if (result.swap.status !== SwapStatus.Completed) throw new Error(`swap ${i} ended with status ${result.swap.status}: ${result.swap.failureReason}`);
      times.push(elapsed);
    }
  });
  times.sort((a, b) => a - b);

  console.log(`\n${loadTable(results)}`);
  const [bareRoute, quoted] = results;
  const p50 = percentile(times, 50);
  const quoteP99 = quoted?.p99 ?? NaN;
  const share = (quoted?.rps ?? NaN) / (bareRoute?.rps ?? NaN);
  const met = quoteP99 <= TARGET_P99_MS && share >= TARGET_SHARE_OF_BARE;
  console.log(`\ntarget: quote p99 ≤ ${TARGET_P99_MS} ms at 32 connections and ≥ ${TARGET_SHARE_OF_BARE * 100}% of the bare route's req/s in the same run`);
  console.log(
    `quote p99 at ${LOAD.connections} connections: ${quoteP99} ms, ${ratio(quoteP99, bareRoute?.p99 ?? NaN)} the bare route's ${bareRoute?.p99} ms`,
  );
  console.log(
    `quote throughput: ${quoted?.rps} req/s, ${(share * 100).toFixed(1)}% of the bare route's ${bareRoute?.rps} req/s (same run)`,
  );
  console.log(`quote target (p99 ≤ ${TARGET_P99_MS} ms and ≥ ${TARGET_SHARE_OF_BARE * 100}% of bare): ${met ? 'met' : 'NOT met'}`);
  console.log(
    `submit → Completed over ${SWAPS} swaps: p50 ${p50.toFixed(0)} ms, p90 ${percentile(times, 90).toFixed(0)} ms, max ${(times.at(-1) ?? NaN).toFixed(0)} ms (target p50 ≤ 1500 ms: ${p50 <= 1500 ? 'met' : 'NOT met'})`,
  );
  console.log(`${loadLine()} (at the end of the run)`);
}

await runBench({ name: 'bench:swap', limitS: LIMIT_S }, main);
