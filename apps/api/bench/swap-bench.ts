/**
 * npm run bench:swap -w @jelly/api
 *
 * Starts the API on the embedded localnet (PGlite, generated admin and desk keys) and a bare Fastify route in a child
 * process, then:
 * 1. autocannon at 32 connections: the bare route, then POST /api/swap/quote (25 USDT → SOL for a funded wallet: price
 *    feed, the desk's and the wallet's balances and a blockhash from the localnet, the quote stored) — p50/p99;
 * 2. N whole swaps one after another: quote, the wallet signs, POST /api/swap/submit answers Completed — the time from
 *    sending the submit to its Completed answer, p50/p90/max.
 *
 * The quote's p99 is printed beside the bare route's (the same-run baseline).
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

interface Ready {
  api: string;
  bare: string;
  wallet: number[];
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'jelly-bench-swap-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const publicUrl = 'http://localhost:8080';
  try {
    const server = await startChild<Ready>({
      name: 'API server',
      script: fileURLToPath(new URL('./swap-serve.ts', import.meta.url)),
      env: { ...process.env, DATA_DIR: dataDir, JWT_SECRET: jwtSecret, PUBLIC_URL: publicUrl, LOG_LEVEL: 'warn', PRICE_FEED: 'bundled', FLOATING_PRICE_REFRESH_SECONDS: '0', LOCALNET_PORT: '0', DATABASE_URL: '' },
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
      const result = await post<SwapSubmitResponse>('/api/swap/submit', JSON.stringify({ quoteId: quote.quoteId, signedTransaction }));
      const elapsed = performance.now() - started;
      if (result.swap.status !== SwapStatus.Completed) throw new Error(`swap ${i} ended with status ${result.swap.status}: ${result.swap.failureReason}`);
      times.push(elapsed);
    }
  });
  times.sort((a, b) => a - b);

  console.log(`\n${loadTable(results)}`);
  const quoteP99 = results[1]?.p99 ?? NaN;
  const bareP99 = results[0]?.p99 ?? NaN;
  const p50 = percentile(times, 50);
  console.log(
    `\nquote p99 at ${LOAD.connections} connections: ${quoteP99} ms, ${ratio(quoteP99, bareP99)} the bare route's ${bareP99} ms ` +
      `(target ≤ 20 ms: ${quoteP99 <= 20 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `submit → Completed over ${SWAPS} swaps: p50 ${p50.toFixed(0)} ms, p90 ${percentile(times, 90).toFixed(0)} ms, max ${(times.at(-1) ?? NaN).toFixed(0)} ms (target p50 ≤ 1500 ms: ${p50 <= 1500 ? 'met' : 'NOT met'})`,
  );
  console.log(`${loadLine()} (at the end of the run)`);
}

await runBench({ name: 'bench:swap', limitS: LIMIT_S }, main);
