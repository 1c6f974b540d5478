/**
 * npm run bench:coin-jelly -w @jelly/api [-- --orders=1000 --sample=50 --concurrency=5]
 *
 * The deposit watcher under load, on a real localnet and in-memory PGlite: reserves N open SOL → USDC orders
 * through the API (each with its own deposit address, all watched: one socket subscription each plus the
 * reconciliation poller every 5 s), then sends the quoted SOL to a sample of them from an outside wallet, a few at a
 * time, and times for each deposit:
 * - detected: from just before the transfer is sent to the moment the deposit is credited to its order;
 * - payout: from the same moment to the payout confirmed on chain and verified (order Completed).
 * Every sampled deposit must be detected and paid; the bench fails otherwise. Prints p50/p95/max in ms, beside the
 * same-run baseline: the transfer's own confirmation (sent → confirmed), which detection can never beat.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { loadLine, numberFlag, parseFlags, percentile, ratio, runBench, step, summarize, within } from '@jelly/bench-kit';
import type { JellyOrder } from '@jelly/contracts';
import { SwapStatus } from '@jelly/domain';
import { createAssociatedTokenAccountIdempotentInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { buildApp } from '../src/app.ts';
import { USDC_MINT, session } from '../src/modules/orders/testing.ts';
import { testJellyConfig, watcherOf } from '../src/modules/coin-jelly/testing.ts';
import { createClock } from '../test/helpers/clock.ts';
import { testConfig } from '../test/helpers/test-app.ts';
import { createTestDatabase } from '../test/helpers/test-database.ts';
import { createChainWallet, startTestChain } from '../test/helpers/test-chain.ts';

const USDC = new PublicKey(USDC_MINT);
const args = parseFlags();
const ORDERS = numberFlag(args, 'orders', 1000);
const SAMPLE = numberFlag(args, 'sample', 50);
const CONCURRENCY = numberFlag(args, 'concurrency', 5);
const RESERVES_PER_IP = 20;
/** A deposit is detected within a poll (5 s) at worst and paid a few seconds later; 60 s means it never will be. */
const DEPOSIT_LIMIT_S = 60;
const LIMIT_S = 120 + ORDERS * 0.5 + Math.ceil(SAMPLE / CONCURRENCY) * DEPOSIT_LIMIT_S + 60;

const line = (name: string, values: number[], baseline?: number[]) => {
  const f = summarize(values);
  const versus = baseline ? ` — p50 ${ratio(f.p50, percentile([...baseline].sort((a, b) => a - b), 50))} the transfer's` : '';
  console.log(`${name.padEnd(10)} p50 ${f.p50.toFixed(0)} ms · p95 ${f.p95.toFixed(0)} ms · max ${f.max.toFixed(0)} ms (n=${f.n})${versus}`);
};

/** Reserves the open orders, ten at a time; a refusal (a 429 among them) fails at once with its answer. */
async function reserve(app: FastifyInstance, headers: Record<string, string>, recipient: PublicKey): Promise<JellyOrder[]> {
  const orders: JellyOrder[] = [];
  for (let i = 0; i < ORDERS; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, ORDERS - i) }, (_, j) =>
        app.inject({
          method: 'POST',
          url: '/api/coin-jelly/orders',
          headers,
          // The reserve route allows 20 a minute per address: the bench spreads its users over addresses.
          remoteAddress: `10.0.${Math.floor((i + j) / RESERVES_PER_IP / 250)}.${Math.floor((i + j) / RESERVES_PER_IP) % 250}`,
          payload: { sendCoin: 'SOL', sendChain: 'Solana', receiveCoin: 'USDC', receiveChain: 'Solana', amountUserSend: '0.1', recipientAddress: recipient.toBase58() },
        }),
      ),
    );
    for (const r of batch) {
      if (r.statusCode !== 200) throw new Error(`reserve: ${r.statusCode} ${r.body}`);
      orders.push(r.json<JellyOrder>());
    }
  }
  return orders;
}

async function main(): Promise<void> {
  const chain = await step('start the localnet', 120, () => startTestChain());
  const { database, drop } = await createTestDatabase();
  const config = testConfig(database, createClock(), { coinJelly: testJellyConfig({ pollMs: 5000 }) });
  config.now = () => new Date();
  const app = await buildApp(config, { chain });
  try {
    await step('start the API', 120, async () => void (await app.ready()));
    const payer = createChainWallet();
    await chain.faucet!(payer.keypair.publicKey, { sol: 1000n * 10n ** 9n });
    const s = await session(app, payer);
    const watcher = watcherOf(app);
    // one recipient with its own USDC account: the platform opens no token account for a user (payouts wait for it)
    const recipient = Keypair.generate().publicKey;
    const open = createAssociatedTokenAccountIdempotentInstruction(payer.keypair.publicKey, getAssociatedTokenAddressSync(USDC, recipient), recipient, USDC);
    await step('open the recipient USDC account', 30, () => sendAndConfirmTransaction(chain.connection, new Transaction().add(open), [payer.keypair]));

    const started = performance.now();
    const orders = await step(`reserve ${ORDERS} orders`, 60 + ORDERS * 0.5, () => reserve(app, s.headers, recipient));
    console.log(`${orders.length} orders reserved and watched in ${((performance.now() - started) / 1000).toFixed(1)} s (watcher holds ${watcher.size})`);
    if (watcher.size !== ORDERS) throw new Error(`the watcher holds ${watcher.size} of ${ORDERS} orders`);

    const confirmed: number[] = [];
    const detected: number[] = [];
    const paid: number[] = [];
    const every = Math.max(1, Math.floor(orders.length / SAMPLE));
    const sample = orders.filter((_, i) => i % every === 0).slice(0, SAMPLE);
    const when = (event: 'credited' | 'settled', orderId: number) =>
      new Promise<number>((resolve) => {
        const on = (id: number) => {
          if (id !== orderId) return;
          watcher.events.off(event, on);
          resolve(performance.now());
        };
        watcher.events.on(event, on);
      });
    const one = async (order: JellyOrder) => {
      const credited = when('credited', order.id);
      const settled = when('settled', order.id);
      const t0 = performance.now();
      const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.keypair.publicKey, toPubkey: new PublicKey(order.companyWallet), lamports: 100_000_000 }));
      await sendAndConfirmTransaction(chain.connection, tx, [payer.keypair], { commitment: 'confirmed' });
      confirmed.push(performance.now() - t0);
      detected.push((await within(credited, DEPOSIT_LIMIT_S, `order ${order.id}: deposit detected`)) - t0);
      paid.push((await within(settled, DEPOSIT_LIMIT_S, `order ${order.id}: payout settled`)) - t0);
    };
    await step(`${sample.length} deposits`, Math.ceil(sample.length / CONCURRENCY) * DEPOSIT_LIMIT_S, async () => {
      for (let i = 0; i < sample.length; i += CONCURRENCY) await Promise.all(sample.slice(i, i + CONCURRENCY).map(one));
    });

    const missing = [];
    for (const order of sample) {
      const r = await app.inject({ method: 'GET', url: `/api/coin-jelly/orders/${order.id}`, headers: s.headers });
      if (r.json<JellyOrder>().status !== SwapStatus.Completed) missing.push(order.id);
    }
    console.log(`sample: ${sample.length} deposits among ${ORDERS} open orders, ${CONCURRENCY} at a time; not completed: ${missing.length}`);
    line('confirmed', confirmed);
    line('detected', detected, confirmed);
    line('payout', paid, confirmed);
    console.log('baseline: confirmed = the transfer sent → confirmed on chain, before any detection');
    console.log('targets: detected p95 ≤ 2000 ms, payout p50 ≤ 5000 ms');
    console.log(loadLine());
    if (missing.length > 0) throw new Error(`${missing.length} sampled orders were not completed: ${missing.join(', ')}`);
  } finally {
    await step('stop', 60, async () => {
      await app.close();
      await drop();
      await chain.close();
    });
  }
}

await runBench({ name: 'bench:coin-jelly', limitS: LIMIT_S }, main);
