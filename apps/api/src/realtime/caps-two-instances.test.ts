import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { realtimeCloseCodes } from '@jelly/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../test/helpers/sign-in.ts';
import { testConfig } from '../../test/helpers/test-app.ts';
import { createTestDatabase } from '../../test/helpers/test-database.ts';
import { createClock } from '../../test/helpers/clock.ts';
import { createWallet } from '../../test/helpers/wallet.ts';
import { buildApp } from '../app.ts';
import { realtimeSockets } from '../db/schema/index.ts';
import { DEFAULT_SECURITY_CONFIG } from '../security-config.ts';
import type { DatabaseConfig } from '../shared-config.ts';
import { countLiveSockets, refreshSockets } from './socket-registry.ts';
import { RealtimeTestClient } from './testing/realtime-client.ts';

/**
 * The socket caps hold across API instances on ONE database (shared PGlite, or the PostgreSQL server with
 * DATABASE_URL): a wallet or an address cannot hold the cap on each replica. Every socket here comes from 127.0.0.1.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const clock = createClock();
const jwtSecret = new Uint8Array(32).fill(9);
const PER_WALLET = 2;
const PER_IP = 5;
const IP = '127.0.0.1';
let sharedPglite: PGlite | null = null;
let drop: () => Promise<void> = async () => {};
const apps: { app: FastifyInstance; url: string }[] = [];
const open: RealtimeTestClient[] = [];

async function start(database: DatabaseConfig) {
  const security = { ...DEFAULT_SECURITY_CONFIG, socketsPerWallet: PER_WALLET, socketsPerIp: PER_IP };
  const app = await buildApp(testConfig(database, clock, { jwtSecret, security }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

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
  apps.push(await start(database), await start(database));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  // Every close gives its slot back (the server removes the row after the socket closed).
  const db = apps[0]?.app.db;
  if (db) await vi.waitFor(async () => expect(await countLiveSockets(db, { ip: IP }, clock.now())).toBe(0));
});
afterAll(async () => {
  for (const { app } of apps) await app.close();
  await sharedPglite?.close();
  await drop();
});

const both = () => apps as [(typeof apps)[0], (typeof apps)[0]];
const tokenOf = async (wallet = createWallet()) => (await signIn(both()[0].app, wallet)).body.accessToken;

/** Opens a socket, authenticates with `token`, and reports whether it got `ready` or how it was closed. */
async function attempt(url: string, token: string): Promise<'ready' | { code: number; reason: string }> {
  const client = await RealtimeTestClient.connect(url);
  open.push(client);
  client.send({ type: 'auth', token });
  const ready = client.next('ready', undefined, 10_000).then(
    () => 'ready' as const,
    () => 'no ready' as const,
  );
  return Promise.race([ready, client.closed]).then((r) => (r === 'no ready' ? client.closed : r));
}

const walletRefusal = {
  code: realtimeCloseCodes.tooManySockets,
  reason: `Too many open sockets for this wallet (at most ${PER_WALLET}); close another tab first`,
};
const ipRefusal = { code: realtimeCloseCodes.tooManySockets, reason: `Too many open sockets from this address (at most ${PER_IP})` };

describe(`socket caps across two API instances on one ${onPostgres ? 'PostgreSQL server' : 'PGlite database'}`, () => {
  it('a wallet holding its cap over both instances is refused on either', async () => {
    const [a, b] = both();
    const token = await tokenOf();
    expect(await attempt(a.url, token)).toBe('ready');
    expect(await attempt(b.url, token)).toBe('ready');
    expect(await attempt(a.url, token)).toEqual(walletRefusal);
    expect(await attempt(b.url, token)).toEqual(walletRefusal);
    // Another wallet is not affected.
    expect(await attempt(b.url, await tokenOf())).toBe('ready');
  });

  it('an address holding its cap over both instances is refused on either, signed in or not', async () => {
    const [a, b] = both();
    for (const target of [a, b, a, b]) expect(await attempt(target.url, await tokenOf())).toBe('ready');
    open.push(await RealtimeTestClient.connect(b.url));
    // A socket that has not signed in shows nothing when admitted: wait for its row before opening the next.
    await vi.waitFor(async () => expect(await countLiveSockets(a.app.db, { ip: IP }, clock.now())).toBe(PER_IP));
    const sixth = await RealtimeTestClient.connect(a.url);
    open.push(sixth);
    expect(await sixth.closed).toEqual(ipRefusal);
  });

  it('a closed socket gives its slot back to the other instance', async () => {
    const [a, b] = both();
    const token = await tokenOf();
    expect(await attempt(a.url, token)).toBe('ready');
    expect(await attempt(b.url, token)).toBe('ready');
    await open[0]?.close();
    await vi.waitFor(async () => expect(await countLiveSockets(a.app.db, { ip: IP }, clock.now())).toBe(1));
    expect(await attempt(b.url, token)).toBe('ready');
  });

  it('counts sockets opened at the same moment on both instances against each other', async () => {
    const [a, b] = both();
    const token = await tokenOf();
    const sameWallet = await Promise.all([a, b, a, b].map((target) => attempt(target.url, token)));
    expect(sameWallet.filter((r) => r === 'ready')).toHaveLength(PER_WALLET);
    expect(sameWallet.filter((r) => r !== 'ready')).toEqual([walletRefusal, walletRefusal]);
    await Promise.all(open.splice(0).map((c) => c.close()));
    await vi.waitFor(async () => expect(await countLiveSockets(a.app.db, { ip: IP }, clock.now())).toBe(0));

    const tokens = await Promise.all(Array.from({ length: PER_IP + 2 }, () => tokenOf()));
    const manyWallets = await Promise.all(tokens.map((t, i) => attempt((i % 2 ? b : a).url, t)));
    expect(manyWallets.filter((r) => r === 'ready')).toHaveLength(PER_IP);
    expect(manyWallets.filter((r) => r !== 'ready')).toEqual([ipRefusal, ipRefusal]);
  });

  it('the sockets of a process that died stop counting once their lease runs out', async () => {
    const [a] = both();
    const db = a.app.db;
    const token = await tokenOf();
    const wallet = (await a.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).json<{
      wallet: string;
    }>().wallet;
    const dead = (seenAt: Date) =>
      Array.from({ length: PER_WALLET }, (_, i) => ({ socketId: `dead-${seenAt.getTime()}-${i}`, processId: 'dead-process', ip: '198.51.100.9', wallet, seenAt }));
    const ago = (ms: number) => new Date(clock.now().getTime() - ms);
    // Renewed just now: they may well be live sockets in other tabs.
    await db.insert(realtimeSockets).values(dead(clock.now()));
    expect(await attempt(a.url, token)).toEqual(walletRefusal);
    await db.delete(realtimeSockets);
    // They missed their renewal but are still within the lease: they count, and the wallet is told it is
    // reconnecting (its slots are about to free), never to close another tab.
    await db.insert(realtimeSockets).values(dead(ago(15_000)));
    expect(await attempt(a.url, token)).toEqual({ code: realtimeCloseCodes.reconnecting, reason: 'Reconnecting…' });
    await db.delete(realtimeSockets);
    // 30 s after the replica died its slots are free, and the next heartbeat of a live process sweeps them.
    await db.insert(realtimeSockets).values(dead(ago(30_000)));
    expect(await attempt(a.url, token)).toBe('ready');
    await refreshSockets(db, 'some-live-process', clock.now());
    expect(await db.select().from(realtimeSockets)).toHaveLength(1);
  });
});
