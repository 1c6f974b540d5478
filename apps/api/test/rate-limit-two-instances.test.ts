import { PGlite } from '@electric-sql/pglite';
import type { ErrorResponse } from '@jelly/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { rateLimitCounters } from '../src/db/schema/index.ts';
import { sweepRateLimitCounters } from '../src/plugins/rate-limit-store.ts';
import type { DatabaseConfig } from '../src/shared-config.ts';
import { createClock } from './helpers/clock.ts';
import { signIn } from './helpers/sign-in.ts';
import { testConfig } from './helpers/test-app.ts';
import { createTestDatabase } from './helpers/test-database.ts';
import { createWallet } from './helpers/wallet.ts';

/**
 * The HTTP rate limits hold across API instances on ONE database (shared PGlite, or the PostgreSQL server with
 * DATABASE_URL): N replicas allow what one allows, per IP and per wallet, with the same headers and 429 body.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const clock = createClock();
const jwtSecret = new Uint8Array(32).fill(5);
const NONCES_PER_MINUTE = 3;
/** The chat's per-wallet read limit (chat/routes.ts). */
const CHAT_READS_PER_MINUTE = 120;
let sharedPglite: PGlite | null = null;
let drop: () => Promise<void> = async () => {};
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  let database: DatabaseConfig;
  if (onPostgres) {
    const created = await createTestDatabase();
    database = created.database;
    drop = created.drop;
  } else {
    sharedPglite = await PGlite.create();
    database = { driver: 'pglite-shared', client: sharedPglite };
  }
  const config = () => testConfig(database, clock, { jwtSecret, rateLimits: { nonce: NONCES_PER_MINUTE, signIn: 1000, refresh: 1000 } });
  apps.push(await buildApp(config()), await buildApp(config()));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await sharedPglite?.close();
  await drop();
});

const both = () => apps as [FastifyInstance, FastifyInstance];
const wallet = createWallet().address;
const nonce = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'GET', url: '/api/auth/nonce', query: { wallet }, remoteAddress });

describe(`rate limits across two API instances on one ${onPostgres ? 'PostgreSQL server' : 'PGlite database'}`, () => {
  it('count one address’s requests on both instances together, with the same headers and 429 body', async () => {
    const [a, b] = both();
    const answers = [await nonce(a, '192.0.2.10'), await nonce(b, '192.0.2.10'), await nonce(a, '192.0.2.10')];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0']);
    expect(answers.map((r) => r.headers['x-ratelimit-limit'])).toEqual(['3', '3', '3']);
    expect(answers[0]?.headers['x-ratelimit-reset']).toBe('60');

    for (const app of [b, a]) {
      const limited = await nonce(app, '192.0.2.10');
      expect(limited.statusCode).toBe(429);
      expect(limited.json<ErrorResponse>().error).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests. Try again in 1 minute.' });
      expect(limited.headers['retry-after']).toBe('60');
      expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    }
    // Another address has its own budget.
    expect((await nonce(b, '192.0.2.11')).statusCode).toBe(200);
  });

  it('let exactly the limit through when requests hit both instances at the same moment', async () => {
    const [a, b] = both();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => nonce(i % 2 ? b : a, '192.0.2.20')));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(NONCES_PER_MINUTE).fill(200), ...Array(12 - NONCES_PER_MINUTE).fill(429)]);
  });

  it('count a wallet’s requests on both instances together, from any address', async () => {
    const [a, b] = both();
    const { accessToken } = (await signIn(a, createWallet())).body;
    const read = (app: FastifyInstance, i: number) =>
      app.inject({
        method: 'GET',
        url: '/api/chat/rooms/999999/messages',
        headers: { authorization: `Bearer ${accessToken}` },
        remoteAddress: `198.51.100.${i % 200}`,
      });
    for (let i = 0; i < CHAT_READS_PER_MINUTE; i++) expect((await read(i % 2 ? b : a, i)).statusCode).toBe(404);
    expect((await read(a, 1)).statusCode).toBe(429);
    expect((await read(b, 2)).statusCode).toBe(429);
  });

  it('start a new window for every instance once the minute has passed, and sweep the ended ones', async () => {
    const [a, b] = both();
    for (const app of [a, b, a]) expect((await nonce(app, '192.0.2.30')).statusCode).toBe(200);
    expect((await nonce(b, '192.0.2.30')).statusCode).toBe(429);
    clock.advance(60_000);
    const fresh = await nonce(b, '192.0.2.30');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['x-ratelimit-remaining']).toBe('2');
    expect((await nonce(a, '192.0.2.30')).headers['x-ratelimit-remaining']).toBe('1');

    // Every window but 192.0.2.30's (just restarted) has ended; the sweep deletes exactly those.
    const before = await a.db.select().from(rateLimitCounters);
    expect(await sweepRateLimitCounters(a.db, clock.now())).toBe(before.length - 1);
    expect((await a.db.select().from(rateLimitCounters)).map((row) => row.key)).toEqual([
      expect.stringMatching(/^GET \/api\/auth\/nonce\|192\.0\.2\.30$/),
    ]);
  });
});
