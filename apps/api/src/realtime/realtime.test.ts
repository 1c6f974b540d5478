import type { AddressInfo } from 'node:net';
import { realtimeCloseCodes } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/helpers/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { createWallet, type TestWallet } from '../../test/helpers/wallet.ts';
import { chatMessages, dealViewers } from '../db/schema/index.ts';
import { notify } from '../modules/notifications/index.ts';
import { isViewingDeal } from './presence.ts';
import { RealtimeTestClient } from './testing/realtime-client.ts';
import { seedDeal, setDealStatus, type SeededDeal } from './testing/seed-deal.ts';

let t: TestApp;
let baseUrl: string;
const wallets: Record<'alice' | 'bob' | 'eve' | 'admin', TestWallet> = {
  alice: createWallet(),
  bob: createWallet(),
  eve: createWallet(),
  admin: createWallet(),
};
const tokens = {} as Record<keyof typeof wallets, string>;
let deal: SeededDeal;
const open: RealtimeTestClient[] = [];

async function connect(who: keyof typeof wallets): Promise<RealtimeTestClient> {
  const client = await RealtimeTestClient.connect(baseUrl, { token: tokens[who] });
  open.push(client);
  return client;
}

beforeAll(async () => {
  t = await createTestApp({ config: { adminWallets: new Set([wallets.admin.address]) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const who of Object.keys(wallets) as (keyof typeof wallets)[]) {
    tokens[who] = (await signIn(t.app, wallets[who])).body.accessToken;
  }
  deal = await seedDeal(t.app.db, { creator: wallets.alice.address, acceptor: wallets.bob.address });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});
afterAll(() => t.close());

describe('authentication', () => {
  it('accepts the access token as the first message and answers ready with the token’s expiry', async () => {
    const client = await RealtimeTestClient.connect(baseUrl);
    open.push(client);
    client.send({ type: 'auth', token: tokens.alice });
    const ready = await client.next('ready');
    expect(ready.wallet).toBe(wallets.alice.address);
    expect(Date.parse(ready.expiresAt)).toBeGreaterThan(t.clock.now().getTime());
  });

  it('accepts ?token= too', async () => {
    const client = await RealtimeTestClient.connect(baseUrl, { query: `?token=${tokens.bob}` });
    open.push(client);
    expect((await client.next('ready')).wallet).toBe(wallets.bob.address);
  });

  it('closes with 4401 on a bad token, and on a request before auth', async () => {
    const bad = await RealtimeTestClient.connect(baseUrl);
    bad.send({ type: 'auth', token: `${tokens.alice}x` });
    expect(await bad.closed).toEqual({ code: realtimeCloseCodes.unauthorized, reason: 'Invalid access token' });
    const early = await RealtimeTestClient.connect(baseUrl);
    early.send({ type: 'subscribe', dealId: deal.dealId });
    expect((await early.closed).code).toBe(realtimeCloseCodes.unauthorized);
  });

  it('closes with 4400 on a frame that is not a known message', async () => {
    const client = await RealtimeTestClient.connect(baseUrl, { token: tokens.alice });
    client.send('not json');
    expect(await client.closed).toEqual({ code: realtimeCloseCodes.badMessage, reason: 'Unknown message' });
  });

  it('closes with 4401 when re-authenticating as another wallet, and keeps the socket on a refreshed token', async () => {
    const client = await connect('alice');
    t.clock.advance(1000);
    const refreshed = (await signIn(t.app, wallets.alice)).body.accessToken;
    client.send({ type: 'auth', token: refreshed });
    expect((await client.next('ready')).wallet).toBe(wallets.alice.address);
    client.send({ type: 'auth', token: tokens.bob });
    expect((await client.closed).code).toBe(realtimeCloseCodes.unauthorized);
  });

  // connection.test.ts proves on a fake clock that this happens exactly at the 5 s deadline, not before.
  it('closes with 4408 when no auth arrives within 5 seconds', { timeout: 15_000 }, async () => {
    const client = await RealtimeTestClient.connect(baseUrl);
    expect(await client.closed).toEqual({ code: realtimeCloseCodes.authTimeout, reason: 'Authentication timed out' });
  });

  it('answers ping with pong', async () => {
    const client = await connect('alice');
    client.send({ type: 'ping', id: 'p1' });
    expect(await client.next('pong')).toMatchObject({ id: 'p1', serverTime: t.clock.now().toISOString() });
  });
});

describe('pushes', () => {
  it('pushes a committed notification to every socket of its wallet and to nobody else', async () => {
    const [aliceTab1, aliceTab2, bob] = await Promise.all([connect('alice'), connect('alice'), connect('bob')]);
    const row = await notify(t.app.db, {
      wallet: wallets.alice.address,
      kind: 'offer_claimed',
      title: 'Offer claimed',
      message: 'Bob claimed 40 USDC',
      orderId: deal.dealId,
      now: t.clock.now(),
    });
    for (const tab of [aliceTab1, aliceTab2]) {
      const pushed = await tab.next('notification.created');
      expect(pushed.notification).toEqual({
        id: row.id,
        kind: 'offer_claimed',
        title: 'Offer claimed',
        message: 'Bob claimed 40 USDC',
        orderId: deal.dealId,
        createdAt: t.clock.now().toISOString(),
        isRead: false,
        readAt: null,
      });
    }
    await t.app.realtime.dispatcher.idle();
    expect(bob.pending()).toEqual([]);
  });

  it('pushes nothing for a rolled back transaction', async () => {
    const alice = await connect('alice');
    await t.app.db
      .transaction(async (tx) => {
        await notify(tx, { wallet: wallets.alice.address, kind: 'deal_cancelled', title: 'ghost', message: 'ghost', now: t.clock.now() });
        throw new Error('rollback');
      })
      .catch(() => {});
    await notify(t.app.db, { wallet: wallets.alice.address, kind: 'deal_cancelled', title: 'real', message: 'real', now: t.clock.now() });
    expect((await alice.next('notification.created')).notification.title).toBe('real');
    expect(alice.received.filter((m) => m.type === 'notification.created')).toHaveLength(1);
  });

  it('pushes a deal’s status change to both parties (a database trigger, whatever code path changed it)', async () => {
    const [alice, bob, eve] = await Promise.all([connect('alice'), connect('bob'), connect('eve')]);
    await setDealStatus(t.app.db, deal.dealId, OrderStatus.CryptoGuyLockedCrypto);
    for (const party of [alice, bob]) {
      expect(await party.next('order.status')).toMatchObject({
        orderId: deal.dealId,
        parentOrderId: deal.offerId,
        status: OrderStatus.CryptoGuyLockedCrypto,
      });
    }
    // An update that leaves the status as it is pushes nothing.
    await setDealStatus(t.app.db, deal.dealId, OrderStatus.CryptoGuyLockedCrypto);
    await setDealStatus(t.app.db, deal.dealId, OrderStatus.InProgress);
    expect((await alice.next('order.status')).status).toBe(OrderStatus.InProgress);
    await t.app.realtime.dispatcher.idle();
    expect(alice.received.filter((m) => m.type === 'order.status')).toHaveLength(2);
    expect(eve.pending()).toEqual([]);
  });

  it('pushes a new deal (a claim) to the offer’s creator', async () => {
    const alice = await connect('alice');
    const claimed = await seedDeal(t.app.db, { creator: wallets.alice.address, acceptor: wallets.eve.address });
    expect(await alice.next('order.status', (m) => m.orderId === claimed.dealId)).toMatchObject({
      parentOrderId: claimed.offerId,
      status: OrderStatus.InProgress,
    });
  });

  it('pushes chat messages to both parties, and to an admin only while subscribed to the room', async () => {
    const [alice, bob, admin, eve] = await Promise.all([connect('alice'), connect('bob'), connect('admin'), connect('eve')]);
    const [row] = await t.app.db
      .insert(chatMessages)
      .values({ dealId: deal.dealId, senderWallet: wallets.bob.address, content: 'paid!', createdAt: t.clock.now() })
      .returning();
    for (const party of [alice, bob]) {
      expect(await party.next('chat.message')).toEqual({
        type: 'chat.message',
        dealId: deal.dealId,
        message: {
          id: row?.id,
          dealId: deal.dealId,
          accountId: wallets.bob.address,
          content: 'paid!',
          createdAtUtc: t.clock.now().toISOString(),
          clientCreatedAtUtc: null,
          fileUrl: null,
        },
      });
    }
    await t.app.realtime.dispatcher.idle();
    expect(admin.pending()).toEqual([]);

    admin.send({ type: 'subscribe', dealId: deal.dealId });
    await admin.next('subscribed');
    await t.app.db.insert(chatMessages).values({ dealId: deal.dealId, senderWallet: wallets.alice.address, content: 'received', createdAt: t.clock.now() });
    expect((await admin.next('chat.message')).message.content).toBe('received');
    await t.app.realtime.dispatcher.idle();
    expect(eve.pending()).toEqual([]);
  });
});

describe('deal rooms ("viewing")', () => {
  it('lets the parties and admins subscribe, records them as viewing, and forgets them on unsubscribe and close', async () => {
    const now = () => t.clock.now();
    const bob = await connect('bob');
    expect(await isViewingDeal(t.app.db, wallets.bob.address, deal.dealId, now())).toBe(false);
    bob.send({ type: 'subscribe', dealId: deal.dealId });
    expect(await bob.next('subscribed')).toEqual({ type: 'subscribed', dealId: deal.dealId });
    expect(await isViewingDeal(t.app.db, wallets.bob.address, deal.dealId, now())).toBe(true);
    expect(await isViewingDeal(t.app.db, wallets.alice.address, deal.dealId, now())).toBe(false);

    bob.send({ type: 'unsubscribe', dealId: deal.dealId });
    await bob.next('unsubscribed');
    expect(await isViewingDeal(t.app.db, wallets.bob.address, deal.dealId, now())).toBe(false);

    bob.send({ type: 'subscribe', dealId: deal.dealId });
    await bob.next('subscribed');
    await bob.close();
    await expect.poll(() => isViewingDeal(t.app.db, wallets.bob.address, deal.dealId, now())).toBe(false);

    // A viewer whose process stopped refreshing it stops counting after 90 s.
    const again = await connect('bob');
    again.send({ type: 'subscribe', dealId: deal.dealId });
    await again.next('subscribed');
    expect(await isViewingDeal(t.app.db, wallets.bob.address, deal.dealId, new Date(now().getTime() + 91_000))).toBe(false);
  });

  it('refuses outsiders and unknown deals without closing the socket', async () => {
    const eve = await connect('eve');
    eve.send({ type: 'subscribe', dealId: deal.dealId });
    expect(await eve.next('error')).toMatchObject({ code: 'FORBIDDEN' });
    eve.send({ type: 'subscribe', dealId: deal.offerId });
    expect(await eve.next('error')).toMatchObject({ code: 'NOT_FOUND' });
    eve.send({ type: 'ping' });
    await eve.next('pong');
    const rows = await t.app.db
      .select()
      .from(dealViewers)
      .where(and(eq(dealViewers.wallet, wallets.eve.address), eq(dealViewers.dealId, deal.dealId)));
    expect(rows).toEqual([]);
  });
});
