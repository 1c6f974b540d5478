/**
 * The server side of `npm run bench:realtime` (run by realtime.ts in a child process, so its memory is the API's
 * alone): the real app on a fresh database (in-memory PGlite, or a new database on DATABASE_URL's server), N wallets
 * paired into N/2 deals (seed-deals.ts), an access token per wallet, and M market offers (seed-market.ts; the
 * operators' /metrics is timed beside them). Answers the bench's memory requests over IPC (bench kit's serveBench).
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { serveBench } from '@jelly/bench-kit/child-side';
import { buildApp } from '../src/app.ts';
import { signAccessToken } from '../src/modules/auth/access-token.ts';
import { DEFAULT_SECURITY_CONFIG, type SecurityConfig } from '../src/security-config.ts';
import { createClock } from '../test/helpers/clock.ts';
import { testConfig } from '../test/helpers/test-app.ts';
import { createTestDatabase } from '../test/helpers/test-database.ts';
import { seedDealPairs, type BenchPair } from './seed-deals.ts';
import { seedMarket } from './seed-market.ts';

export interface ServerReady {
  port: number;
  pairs: BenchPair[];
  database: string;
  /** The caps this server runs with (the bench profile), to print beside the figures. */
  security: SecurityConfig;
  /** Market offers seeded (on PostgreSQL only). */
  offers: number;
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
const offers = Number(process.argv[3] ?? '0');

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

  const pairs = await seedDealPairs(app.db, sockets, async (wallet) => (await signAccessToken(config, { wallet, isAdmin: false })).token);
  // seed-market.ts speaks PostgreSQL over its own connection; the embedded database is the app's alone
  const seeded = offers > 0 && database.driver === 'postgres' ? await seedOffers(database.url, offers) : 0;

  serveBench({ port: (app.server.address() as AddressInfo).port, pairs, database: database.driver, security, offers: seeded } satisfies ServerReady, {
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

async function seedOffers(url: string, count: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await seedMarket(client as unknown as pg.PoolClient, count, (message) => console.error(`[realtime server] ${message}`));
  } finally {
    await client.end();
  }
  return count;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
