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
 * Options: --duration=S seconds per target (default 15), --connections=N (default 32), --swaps=N (default 40).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { KNOWN_MINTS, type SwapQuote, type SwapSubmitResponse } from '@jelly/contracts';
import { SwapStatus } from '@jelly/domain';
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import autocannon from 'autocannon';
import { signAccessToken } from '../src/modules/auth/access-token.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k ?? '', v ?? 'true'] as const;
  }),
);
const DURATION = Number(args.get('duration') ?? 15);
const CONNECTIONS = Number(args.get('connections') ?? 32);
const SWAPS = Number(args.get('swaps') ?? 40);
const log = (message: string) => console.log(`[bench] ${message}`);
const QUOTE_BODY = JSON.stringify({ inputMint: KNOWN_MINTS.USDT, outputMint: KNOWN_MINTS.SOL, amount: '25000000' });

interface Figures {
  target: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  failed: number;
}

async function measure(target: string, url: string, request: autocannon.Request): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: 3, requests: [request] }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests: [request] });
  return { target, rps: Math.round(r.requests.average), p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, requests: r.requests.total, failed: r.errors + r.timeouts + r.non2xx };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'jelly-bench-swap-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const publicUrl = 'http://localhost:8080';
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./swap-serve.ts', import.meta.url))], {
    env: { ...process.env, DATA_DIR: dataDir, JWT_SECRET: jwtSecret, PUBLIC_URL: publicUrl, LOG_LEVEL: 'warn', PRICE_FEED: 'bundled', FLOATING_PRICE_REFRESH_SECONDS: '0', LOCALNET_PORT: '0', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const { api, bare, wallet } = JSON.parse(line) as { api: string; bare: string; wallet: number[] };
    const keypair = Keypair.fromSecretKey(Uint8Array.from(wallet));
    const { token } = await signAccessToken(
      { jwtSecret: new TextEncoder().encode(jwtSecret), publicUrl, accessTokenTtlSeconds: 3600, now: () => new Date() },
      { wallet: keypair.publicKey.toBase58(), isAdmin: false },
    );
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async <T>(path: string, body: string): Promise<T> => {
      const response = await fetch(`${api}${path}`, { method: 'POST', headers, body });
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    const sample = await post<SwapQuote>('/api/swap/quote', QUOTE_BODY);
    log(`sanity: 25 USDT → ${sample.outAmount} lamports, fee ${sample.feeBps} bps, source ${sample.source}`);

    log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per target (after a 3 s warm-up)`);
    const results = [
      await measure('bare Fastify route', bare, { method: 'GET', path: '/bare' }),
      await measure('POST /api/swap/quote (25 USDT → SOL)', api, { method: 'POST', path: '/api/swap/quote', headers, body: QUOTE_BODY }),
    ];

    log(`${SWAPS} whole swaps, one after another (quote → sign → submit → Completed)`);
    const times: number[] = [];
    for (let i = 0; i < SWAPS; i++) {
      const quote = await post<SwapQuote>('/api/swap/quote', QUOTE_BODY);
      const tx = VersionedTransaction.deserialize(Buffer.from(quote.transaction, 'base64'));
      tx.sign([keypair]);
      const started = performance.now();
      const result = await post<SwapSubmitResponse>('/api/swap/submit', JSON.stringify({ quoteId: quote.quoteId, signedTransaction: Buffer.from(tx.serialize()).toString('base64') }));
      const elapsed = performance.now() - started;
      if (result.swap.status !== SwapStatus.Completed) throw new Error(`swap ${i} ended with status ${result.swap.status}: ${result.swap.failureReason}`);
      times.push(elapsed);
    }
    times.sort((a, b) => a - b);

    console.log('');
    console.log('| target | req/s | p50 ms | p90 ms | p99 ms | max ms | requests | failed |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const f of results) console.log(`| ${f.target} | ${f.rps} | ${f.p50} | ${f.p90} | ${f.p99} | ${f.max} | ${f.requests} | ${f.failed} |`);
    const quoteP99 = results[1]?.p99 ?? NaN;
    const p50 = percentile(times, 50);
    console.log(`\nquote p99 at ${CONNECTIONS} connections: ${quoteP99} ms (target ≤ 20 ms: ${quoteP99 <= 20 ? 'met' : 'NOT met'})`);
    console.log(
      `submit → Completed over ${SWAPS} swaps: p50 ${p50.toFixed(0)} ms, p90 ${percentile(times, 90).toFixed(0)} ms, max ${(times.at(-1) ?? NaN).toFixed(0)} ms (target p50 ≤ 1500 ms: ${p50 <= 1500 ? 'met' : 'NOT met'})`,
    );
    console.log(`load average during the run: ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} CPUs`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
