/**
 * The server side of `npm run bench:realtime` (run by realtime.ts in a child process, so its memory is the API's
 * alone): the real app on a fresh database (in-memory PGlite, or a new database on DATABASE_URL's server), N wallets
 * paired into N/2 deals, an access token per wallet. Answers the bench's memory requests over IPC (bench kit's serveBench).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serveBench } from '@jelly/bench-kit/child-side';
import { OfferSide, OrderStatus } from '@jelly/domain';
import bs58 from 'bs58';
import { buildApp } from '../src/app.ts';
import { orders } from '../src/db/schema/index.ts';
import { signAccessToken } from '../src/modules/auth/access-token.ts';
import { DEFAULT_SECURITY_CONFIG, type SecurityConfig } from '../src/security-config.ts';
import { createClock } from '../test/helpers/clock.ts';
import { createTestDatabase, testConfig } from '../test/helpers/test-app.ts';

export interface BenchPair {
  dealId: number;
  a: string;
  b: string;
  tokenA: string;
  tokenB: string;
}

export interface ServerReady {
  port: number;
  pairs: BenchPair[];
  database: string;
  /** The caps this server runs with (the bench profile), to print beside the figures. */
  security: SecurityConfig;
}

export interface ServerMemory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  sockets: number;
  /** CPU time the process has used so far (user + system), in ms. */
  cpuMs: number;
}

const sockets = Number(process.argv[2] ?? '1000');

/**
 * The bench profile: every socket of the bench comes from one address (127.0.0.1), so the per-address cap is raised
 * to exactly the number the bench opens. The product's default (50) is for real clients; a bench that opened more
 * than it says is still refused, and fails at once.
 */
function benchSecurity(socketCount: number): SecurityConfig {
  return { ...DEFAULT_SECURITY_CONFIG, socketsPerIp: Math.max(DEFAULT_SECURITY_CONFIG.socketsPerIp, socketCount) };
}

async function main(): Promise<void> {
  const { database, drop } = await createTestDatabase();
  const clock = createClock();
  const security = benchSecurity(sockets);
  const config = testConfig(database, clock, { logLevel: 'silent', accessTokenTtlSeconds: 3600, now: () => new Date(), security });
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

  serveBench({ port: (app.server.address() as AddressInfo).port, pairs, database: database.driver, security } satisfies ServerReady, {
    // The memory after three full collections (the child runs with --expose-gc), and the sockets the API holds.
    answer: (): ServerMemory => {
      for (let i = 0; i < 3; i += 1) globalThis.gc?.();
      const usage = process.memoryUsage();
      const cpu = process.cpuUsage();
      return {
        rss: usage.rss,
        heapUsed: usage.heapUsed,
        external: usage.external,
        arrayBuffers: usage.arrayBuffers,
        sockets: app.realtime.hub.connectionCount,
        cpuMs: (cpu.user + cpu.system) / 1000,
      };
    },
    stop: async () => {
      await app.close();
      await drop();
    },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
