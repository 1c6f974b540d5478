import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { OrderStatus } from '@jelly/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/helpers/sign-in.ts';
import { testConfig } from '../../test/helpers/test-app.ts';
import { createTestDatabase } from '../../test/helpers/test-database.ts';
import { createClock } from '../../test/helpers/clock.ts';
import { createWallet } from '../../test/helpers/wallet.ts';
import { buildApp } from '../app.ts';
import type { DatabaseConfig } from '../shared-config.ts';
import { chatMessages } from '../db/schema/index.ts';
import { notify } from '../modules/notifications/index.ts';
import { isViewingDeal } from './presence.ts';
import { RealtimeTestClient } from './testing/realtime-client.ts';
import { seedDeal, setDealStatus } from './testing/seed-deal.ts';

/**
 * Two API instances on ONE database: events written through one reach sockets held by the other, via
 * LISTEN/NOTIFY. With DATABASE_URL (CI's PostgreSQL run) the two apps use the real server (each its own pool and
 * LISTEN connection); without it, both apps share one in-process PGlite and its listen/notify.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const clock = createClock();
const jwtSecret = new Uint8Array(32).fill(7);
let sharedPglite: PGlite | null = null;
let drop: () => Promise<void> = async () => {};
const apps: { app: FastifyInstance; url: string }[] = [];

async function start(database: DatabaseConfig) {
  const app = await buildApp(testConfig(database, clock, { jwtSecret }));
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
afterAll(async () => {
  for (const { app } of apps) await app.close();
  await sharedPglite?.close();
  await drop();
});

describe(`two API instances on one ${onPostgres ? 'PostgreSQL server' : 'PGlite database'}`, () => {
  it('deliver notifications, status changes and chat written through one instance to sockets on the other', async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const alice = createWallet();
    const bob = createWallet();
    const aliceToken = (await signIn(a.app, alice)).body.accessToken;
    const bobToken = (await signIn(b.app, bob)).body.accessToken;
    const aliceOnA = await RealtimeTestClient.connect(a.url, { token: aliceToken });
    const bobOnB = await RealtimeTestClient.connect(b.url, { token: bobToken });

    // Written through B, Alice's socket is on A.
    const row = await notify(b.app.db, {
      wallet: alice.address,
      kind: 'offer_claimed',
      title: 'Offer claimed',
      message: 'Bob claimed 40 USDC',
      now: clock.now(),
    });
    expect((await aliceOnA.next('notification.created')).notification).toMatchObject({ id: row.id, title: 'Offer claimed' });

    const deal = await seedDeal(a.app.db, { creator: alice.address, acceptor: bob.address });
    expect((await bobOnB.next('order.status', (m) => m.orderId === deal.dealId)).status).toBe(OrderStatus.InProgress);
    await setDealStatus(b.app.db, deal.dealId, OrderStatus.CryptoGuyLockedCrypto);
    expect((await aliceOnA.next('order.status', (m) => m.status === OrderStatus.CryptoGuyLockedCrypto)).orderId).toBe(deal.dealId);
    expect((await bobOnB.next('order.status', (m) => m.status === OrderStatus.CryptoGuyLockedCrypto)).orderId).toBe(deal.dealId);

    await a.app.db.insert(chatMessages).values({ dealId: deal.dealId, senderWallet: alice.address, content: 'hi Bob', createdAt: clock.now() });
    expect((await bobOnB.next('chat.message')).message.content).toBe('hi Bob');

    // "Viewing" is shared too: Bob subscribes on B, the chat code on A sees it.
    bobOnB.send({ type: 'subscribe', dealId: deal.dealId });
    await bobOnB.next('subscribed');
    expect(await isViewingDeal(a.app.db, bob.address, deal.dealId, clock.now())).toBe(true);

    await Promise.all([aliceOnA.close(), bobOnB.close()]);
  });
});
