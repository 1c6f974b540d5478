/**
 * npm run bench:coin-jelly -w @jelly/api [-- --orders=1000 --sample=50 --concurrency=5]
 *
 * The deposit watcher under load, on a real localnet and in-memory PGlite: reserves N open SOL → USDC orders
 * through the API (each with its own deposit address, all watched: one socket subscription each plus the
 * reconciliation poller every 5 s), then sends the quoted SOL to a sample of them from an outside wallet, a few at a
 * time, and times for each deposit:
 * - detected: from just before the transfer is sent to the moment the deposit is credited to its order;
 * - payout: from the same moment to the payout confirmed on chain and verified (order Completed).
 * Every sampled deposit must be detected and paid; the bench fails otherwise. Prints p50/p95/max in ms.
 */
import { performance } from 'node:perf_hooks';
import type { JellyOrder } from '@jelly/contracts';
import { SwapStatus } from '@jelly/domain';
import { Keypair, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { buildApp } from '../src/app.ts';
import { session } from '../src/modules/orders/testing.ts';
import { testJellyConfig, watcherOf } from '../src/modules/coin-jelly/testing.ts';
import { createClock } from '../test/helpers/clock.ts';
import { createTestDatabase, testConfig } from '../test/helpers/test-app.ts';
import { createChainWallet, startTestChain } from '../test/helpers/test-chain.ts';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ORDERS = arg('orders', 1000);
const SAMPLE = arg('sample', 50);
const CONCURRENCY = arg('concurrency', 5);
const RESERVES_PER_IP = 20;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const line = (name: string, values: number[]) =>
  console.log(`${name.padEnd(10)} p50 ${pct(values, 50).toFixed(0)} ms · p95 ${pct(values, 95).toFixed(0)} ms · max ${Math.max(...values).toFixed(0)} ms (n=${values.length})`);

const chain = await startTestChain();
const { database, drop } = await createTestDatabase();
const config = testConfig(database, createClock(), { coinJelly: testJellyConfig({ pollMs: 5000 }) });
config.now = () => new Date();
const app = await buildApp(config, { chain });
await app.ready();
try {
  const payer = createChainWallet();
  await chain.faucet!(payer.keypair.publicKey, { sol: 1000n * 10n ** 9n });
  const s = await session(app, payer);
  const watcher = watcherOf(app);

  const started = performance.now();
  const orders: JellyOrder[] = [];
  for (let i = 0; i < ORDERS; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, ORDERS - i) }, (_, j) =>
        app.inject({
          method: 'POST',
          url: '/api/coin-jelly/orders',
          headers: s.headers,
          // The reserve route allows 20 a minute per address: the bench spreads its users over addresses.
          remoteAddress: `10.0.${Math.floor((i + j) / RESERVES_PER_IP / 250)}.${Math.floor((i + j) / RESERVES_PER_IP) % 250}`,
          payload: { sendCoin: 'SOL', sendChain: 'Solana', receiveCoin: 'USDC', receiveChain: 'Solana', amountUserSend: '0.1', recipientAddress: Keypair.generate().publicKey.toBase58() },
        }),
      ),
    );
    for (const r of batch) {
      if (r.statusCode !== 200) throw new Error(`reserve: ${r.statusCode} ${r.body}`);
      orders.push(r.json<JellyOrder>());
    }
  }
  console.log(`${orders.length} orders reserved and watched in ${((performance.now() - started) / 1000).toFixed(1)} s (watcher holds ${watcher.size})`);
  if (watcher.size !== ORDERS) throw new Error(`the watcher holds ${watcher.size} of ${ORDERS} orders`);

  const detected: number[] = [];
  const paid: number[] = [];
  const step = Math.max(1, Math.floor(orders.length / SAMPLE));
  const sample = orders.filter((_, i) => i % step === 0).slice(0, SAMPLE);
  const one = async (order: JellyOrder) => {
    const credited = new Promise<number>((resolve) => {
      const on = (id: number) => id === order.id && (watcher.events.off('credited', on), resolve(performance.now()));
      watcher.events.on('credited', on);
    });
    const settled = new Promise<number>((resolve) => {
      const on = (id: number) => id === order.id && (watcher.events.off('settled', on), resolve(performance.now()));
      watcher.events.on('settled', on);
    });
    const t0 = performance.now();
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.keypair.publicKey, toPubkey: new PublicKey(order.companyWallet), lamports: 100_000_000 }));
    await sendAndConfirmTransaction(chain.connection, tx, [payer.keypair], { commitment: 'confirmed' });
    detected.push((await credited) - t0);
    paid.push((await settled) - t0);
  };
  for (let i = 0; i < sample.length; i += CONCURRENCY) await Promise.all(sample.slice(i, i + CONCURRENCY).map(one));

  const missing = [];
  for (const order of sample) {
    const r = await app.inject({ method: 'GET', url: `/api/coin-jelly/orders/${order.id}`, headers: s.headers });
    if (r.json<JellyOrder>().status !== SwapStatus.Completed) missing.push(order.id);
  }
  console.log(`sample: ${sample.length} deposits among ${ORDERS} open orders, ${CONCURRENCY} at a time; not completed: ${missing.length}`);
  line('detected', detected);
  line('payout', paid);
  console.log('targets: detected p95 ≤ 2000 ms, payout p50 ≤ 5000 ms');
  if (missing.length > 0) process.exitCode = 1;
} finally {
  await app.close();
  await drop();
  await chain.close();
}
