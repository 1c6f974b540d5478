/**
 * The server side of `npm run bench:realtime` (run by realtime.ts in a child process, so its memory is the API's
 * alone): the real app on a fresh database (in-memory PGlite, or a new database on DATABASE_URL's server), N wallets
 * paired into N/2 deals, an access token per wallet. Talks to the parent over IPC.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { OfferSide, OrderStatus } from '@jelly/domain';
import bs58 from 'bs58';
import { buildApp } from '../src/app.ts';
import { orders } from '../src/db/schema/index.ts';
import { signAccessToken } from '../src/modules/auth/access-token.ts';
import { createClock } from '../test/helpers/clock.ts';
import { createTestDatabase, testConfig } from '../test/helpers/test-app.ts';

export interface BenchPair {
  dealId: number;
  a: string;
  b: string;
  tokenA: string;
  tokenB: string;
}

export type ServerReply =
  | { type: 'ready'; port: number; pairs: BenchPair[]; database: string }
  | { type: 'memory'; rss: number; heapUsed: number; external: number; arrayBuffers: number; sockets: number };

const sockets = Number(process.argv[2] ?? '1000');
const send = (reply: ServerReply) => process.send?.(reply);

async function main(): Promise<void> {
  const { database, drop } = await createTestDatabase();
  const clock = createClock();
  const config = testConfig(database, clock, { logLevel: 'silent', accessTokenTtlSeconds: 3600, now: () => new Date() });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });

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
  for (let i = 0; i < sockets / 2; i += 500) {
    const batch = Array.from({ length: Math.min(500, sockets / 2 - i) }, () => ({ a: wallet(), b: wallet() }));
    const offers = await app.db
      .insert(orders)
      .values(batch.map(({ a }) => ({ ...common, creatorWallet: a, status: OrderStatus.Active, amount: '60000000', totalAmount: '100000000' })))
      .returning({ orderId: orders.orderId, creatorWallet: orders.creatorWallet });
    const deals = await app.db
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
      const [tokenA, tokenB] = await Promise.all([
        signAccessToken(config, { wallet: a, isAdmin: false }),
        signAccessToken(config, { wallet: b, isAdmin: false }),
      ]);
      pairs.push({ dealId, a, b, tokenA: tokenA.token, tokenB: tokenB.token });
    }
  }

  process.on('message', (message: { type: string }) => {
    if (message.type === 'memory') {
      for (let i = 0; i < 3; i += 1) globalThis.gc?.();
      const usage = process.memoryUsage();
      send({
        type: 'memory',
        rss: usage.rss,
        heapUsed: usage.heapUsed,
        external: usage.external,
        arrayBuffers: usage.arrayBuffers,
        sockets: app.realtime.hub.connectionCount,
      });
    }
    if (message.type === 'stop') {
      void app
        .close()
        .then(drop)
        .finally(() => process.exit(0));
    }
  });
  send({ type: 'ready', port: (app.server.address() as AddressInfo).port, pairs, database: database.driver });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
