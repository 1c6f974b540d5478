/**
 * The realtime benches' users: `sockets` wallets paired into sockets/2 deals in progress (an offer and the deal taken
 * from it), written straight into the orders table (the bench's seed, not a use-case), and an access token per wallet.
 * Used by realtime-server.ts (one process) and replicas/sockets.ts (three replicas on one PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { OfferSide, OrderStatus } from '@jelly/domain';
import bs58 from 'bs58';
import type { Database } from '../src/db/connect.ts';
import { orders } from '../src/db/schema/index.ts';

export interface BenchPair {
  dealId: number;
  a: string;
  b: string;
  tokenA: string;
  tokenB: string;
}

const BATCH = 500;

export async function seedDealPairs(db: Database, sockets: number, sign: (wallet: string) => Promise<string>): Promise<BenchPair[]> {
  const wallet = () => bs58.encode(randomBytes(32));
  const pairs: BenchPair[] = [];
  const now = new Date();
  const common = {
    tokenMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    tokenName: 'USDC',
    tokenDecimal: 6,
    offerSide: OfferSide.Sell,
    price: '0.92',
    fiatCode: 'EUR',
    paymentWindowMinutes: 600,
  };
  for (let i = 0; i < sockets / 2; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, sockets / 2 - i) }, () => ({ a: wallet(), b: wallet() }));
    const offers = await db
      .insert(orders)
      .values(batch.map(({ a }) => ({ ...common, creatorWallet: a, status: OrderStatus.Active, amount: '60000000', totalAmount: '100000000' })))
      .returning({ orderId: orders.orderId });
    const deals = await db
      .insert(orders)
      .values(
        batch.map(({ a, b }, k) => ({
          ...common,
          creatorWallet: a,
          acceptorWallet: b,
          parentOrderId: offers[k]?.orderId ?? null,
          status: OrderStatus.InProgress,
          amount: '40000000',
          totalAmount: '40000000',
          fiatAmountCents: '3680',
          dealStartTime: now,
          paymentDeadline: new Date(now.getTime() + 600 * 60_000),
        })),
      )
      .returning({ orderId: orders.orderId });
    for (const [k, { a, b }] of batch.entries()) {
      const dealId = deals[k]?.orderId;
      if (dealId === undefined) throw new Error('seed failed');
      const [tokenA, tokenB] = await Promise.all([sign(a), sign(b)]);
      pairs.push({ dealId, a, b, tokenA, tokenB });
    }
  }
  return pairs;
}
