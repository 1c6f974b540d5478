/**
 * The replicas bench's Coin Jelly figure: users reserve `orders` open SOL → USDC orders through HAProxy (each
 * replica watches the ones it reserved: a socket subscription each on the localnet, and its reconciliation poller),
 * then an outside wallet sends the quoted SOL to a sample of them, a few at a time. For each deposit:
 * - confirmed (the baseline): the transfer sent → confirmed on chain, which detection can never beat;
 * - detected: from just before the transfer is sent until its deposit row exists in the shared database (read every
 *   20 ms, so a figure is late by 20 ms at most).
 * Each user reserves 20 (the product's daily cap) from its own client address, named in X-Forwarded-For (HAProxy
 * appends its own; the replicas trust 127.0.0.1), so the reserve route's per-address limit (20 a minute) holds too.
 */
import { expectJson, ms, percentile, ratio, step, summarize } from '@jelly/bench-kit';
import type { JellyOrder } from '@jelly/contracts';
import { createAssociatedTokenAccountIdempotentInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import pg from 'pg';
import { signAccessToken } from '../../src/modules/auth/access-token.ts';
import { USDC_MINT } from '../../src/modules/orders/testing.ts';
import { jellyFaucet, type ClusterInfo } from '../../test/cluster/cluster.ts';
import { inBatches } from '../socket-client.ts';
import { verdict, type Figure } from './figure.ts';

export interface CoinJellySize {
  orders: number;
  sample: number;
  concurrency: number;
}

export const TARGET_P95_MS = 2000;
/** The product's daily cap per wallet and its reserve limit per address and minute, both 20. */
const PER_USER = 20;
const RESERVE_CONCURRENCY = 10;
const LAMPORTS = 100_000_000n;
/** A deposit is detected within a poll (5 s) at worst; 60 s means it never will be. */
const DEPOSIT_LIMIT_S = 60;
const reserveLimitS = (orders: number) => 60 + orders * 0.1;
export const coinJellyLimitS = (size: CoinJellySize) => 60 + reserveLimitS(size.orders) + Math.ceil(size.sample / size.concurrency) * DEPOSIT_LIMIT_S + 30;

/** Resolves each waiter once its order has a deposit row; one query every 20 ms for all of them. */
function depositRows(pool: pg.Pool) {
  const waiting = new Map<number, (at: number) => void>();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      if (waiting.size > 0) {
        const { rows } = await pool.query<{ order_id: string }>('SELECT DISTINCT order_id FROM jelly_deposits WHERE order_id = ANY($1)', [[...waiting.keys()]]);
        const now = performance.now();
        for (const row of rows) {
          const id = Number(row.order_id);
          waiting.get(id)?.(now);
          waiting.delete(id);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    when: (orderId: number) => new Promise<number>((resolve) => waiting.set(orderId, resolve)),
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

export async function coinJellyFigure(cluster: ClusterInfo, size: CoinJellySize): Promise<Figure> {
  const connection = new Connection(cluster.rpcUrl, { commitment: 'confirmed', wsEndpoint: cluster.wsUrl });
  const payer = Keypair.generate();
  await jellyFaucet(cluster.rpcUrl)(payer.publicKey, { sol: 1000n * 10n ** 9n });
  // Users as the product's caps expect them: each reserves at most its daily cap (20) from an address of its own.
  // Keys on the curve: the refund address (the user's wallet by default) must be one a wallet can sign for.
  const tokens = { jwtSecret: new TextEncoder().encode(cluster.jwtSecret), publicUrl: cluster.publicUrl, accessTokenTtlSeconds: 3600, now: () => new Date() };
  const users = await Promise.all(
    Array.from({ length: Math.ceil(size.orders / PER_USER) }, async () => (await signAccessToken(tokens, { wallet: Keypair.generate().publicKey.toBase58(), isAdmin: false })).token),
  );
  // One recipient with its own USDC account: the platform opens no token account for a user (payouts wait for it).
  const recipient = Keypair.generate().publicKey;
  const usdc = new PublicKey(USDC_MINT);
  const open = createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, getAssociatedTokenAddressSync(usdc, recipient), recipient, usdc);
  await step('open the recipient USDC account', 30, () => sendAndConfirmTransaction(connection, new Transaction().add(open), [payer]));

  const orders: JellyOrder[] = [];
  const reserveStarted = performance.now();
  const body = JSON.stringify({ sendCoin: 'SOL', sendChain: 'Solana', receiveCoin: 'USDC', receiveChain: 'Solana', amountUserSend: '0.1', recipientAddress: recipient.toBase58() });
  await step(`reserve ${size.orders} orders through HAProxy`, reserveLimitS(size.orders), () =>
    inBatches(Array.from({ length: size.orders }, (_, i) => i), RESERVE_CONCURRENCY, async (i) => {
      const u = Math.floor(i / PER_USER);
      const ip = `10.${Math.floor(u / 62500) % 250}.${Math.floor(u / 250) % 250}.${u % 250}`;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${users[u]}`, 'x-forwarded-for': ip };
      orders.push(await expectJson<JellyOrder>(`${cluster.url}/api/coin-jelly/orders`, { method: 'POST', headers, body }));
    }),
  );
  const reserveSeconds = (performance.now() - reserveStarted) / 1000;

  const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 1 });
  const rows = depositRows(pool);
  const confirmed: number[] = [];
  const detected: number[] = [];
  try {
    // Spread over the reserved orders, so every replica's share is sampled.
    const every = Math.max(1, Math.floor(orders.length / size.sample));
    const sample = orders.filter((_, i) => i % every === 0).slice(0, size.sample);
    const one = async (order: JellyOrder) => {
      const credited = rows.when(order.id);
      const t0 = performance.now();
      const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(order.companyWallet), lamports: LAMPORTS }));
      await sendAndConfirmTransaction(connection, tx, [payer], { commitment: 'confirmed' });
      confirmed.push(performance.now() - t0);
      detected.push((await step(`order ${order.id}: deposit detected`, DEPOSIT_LIMIT_S, () => credited)) - t0);
    };
    await step(`${sample.length} deposits`, Math.ceil(sample.length / size.concurrency) * DEPOSIT_LIMIT_S, async () => {
      for (let i = 0; i < sample.length; i += size.concurrency) await Promise.all(sample.slice(i, i + size.concurrency).map(one));
    });
  } finally {
    await rows.stop();
    await pool.end();
  }
  const c = summarize(confirmed);
  const d = summarize(detected);
  const confirmedP50 = percentile([...confirmed].sort((a, b) => a - b), 50);
  console.log(`\n── Coin Jelly, ${size.orders} open orders watched by 3 replicas ──`);
  console.log(`users: ${users.length}, ${PER_USER} orders each from an address of their own (the product's caps)`);
  console.log(`${orders.length} orders reserved through HAProxy in ${reserveSeconds.toFixed(1)} s; ${d.n} deposits, ${size.concurrency} at a time`);
  console.log(`confirmed (baseline): p50 ${ms(c.p50, 0)} · p95 ${ms(c.p95, 0)} · max ${ms(c.max, 0)} (n=${c.n})`);
  console.log(`detected:             p50 ${ms(d.p50, 0)} · p95 ${ms(d.p95, 0)} · max ${ms(d.max, 0)} (n=${d.n}) — p50 ${ratio(d.p50, confirmedP50)}, p95 ${ratio(d.p95, c.p95)} the transfer's`);
  const met = d.p95 <= TARGET_P95_MS;
  return {
    name: `Coin Jelly deposit → detected p95, ${size.orders} orders`,
    line: `${ms(d.p95, 0)} vs the transfer's confirmation ${ms(c.p95, 0)} (${ratio(d.p95, c.p95)}); target ≤ ${TARGET_P95_MS} ms: ${verdict(met)}`,
    met,
  };
}
