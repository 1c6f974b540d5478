import { notificationListResponse, type Notification } from '@jelly/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { signIn } from '../../../test/helpers/sign-in.ts';
import { createWallet, type TestWallet } from '../../../test/helpers/wallet.ts';
import { notifications, telegramLinks, telegramOutbox } from '../../db/schema/index.ts';
import { notify, type NotifyInput } from './notify.ts';

let t: TestApp;
let alice: TestWallet;
let bob: TestWallet;
let aliceToken: string;
let bobToken: string;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function add(wallet: string, n: number, extra: Partial<NotifyInput> = {}): Promise<void> {
  for (let i = 1; i <= n; i += 1) {
    t.clock.advance(1000);
    await notify(t.app.db, { wallet, kind: 'offer_claimed', title: `Title ${i}`, message: `Message ${i}`, now: t.clock.now(), ...extra });
  }
}

async function list(token: string, query: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: '/api/Notification', query, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return notificationListResponse.parse(response.json());
}

async function unread(token: string): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: '/api/Notification/unread-count', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return (response.json() as { count: number }).count;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = createWallet();
  bob = createWallet();
  aliceToken = (await signIn(t.app, alice)).body.accessToken;
  bobToken = (await signIn(t.app, bob)).body.accessToken;
  await add(alice.address, 23);
  await add(bob.address, 2);
});
afterAll(() => t.close());

describe('GET /Notification', () => {
  it('pages the caller’s notifications newest first, 10 by default, with the total', async () => {
    const first = await list(aliceToken);
    expect(first).toMatchObject({ total: 23, page: 1, size: 10 });
    expect(first.data.map((n) => n.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Title ${23 - i}`));
    const third = await list(aliceToken, { Page: '3', Size: '10' });
    expect(third.data.map((n) => n.title)).toEqual(['Title 3', 'Title 2', 'Title 1']);
    const createdAt = first.data.map((n) => Date.parse(n.createdAt));
    expect([...createdAt].sort((a, b) => b - a)).toEqual(createdAt);
    expect(first.data[0]).toMatchObject({ kind: 'offer_claimed', message: 'Message 23', isRead: false, readAt: null, orderId: null });
  });

  it('clamps Page and Size to at least 1 and caps Size', async () => {
    const clamped = await list(aliceToken, { Page: '0', Size: '-5' });
    expect(clamped).toMatchObject({ page: 1, size: 1 });
    expect(clamped.data).toHaveLength(1);
    expect((await list(aliceToken, { Size: '1000' })).size).toBe(100);
    expect((await list(aliceToken, { Page: 'abc' })).page).toBe(1);
  });

  it('shows nobody else’s notifications', async () => {
    const bobs = await list(bobToken);
    expect(bobs.total).toBe(2);
    expect(bobs.data.map((n) => n.title)).toEqual(['Title 2', 'Title 1']);
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/Notification' });
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/Notification/unread-count' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/Notification/1/read' })).statusCode).toBe(401);
  });
});

describe('PUT /Notification/{id}/read and unread-count', () => {
  it('marks the owner’s notification read once, sets readAt, and lowers the count', async () => {
    const before = await unread(aliceToken);
    const [target] = (await list(aliceToken)).data as [Notification];
    t.clock.advance(5000);
    const response = await t.app.inject({ method: 'PUT', url: `/api/Notification/${target.id}/read`, headers: bearer(aliceToken) });
    expect(response.statusCode).toBe(200);
    const read = response.json() as Notification;
    expect(read).toMatchObject({ id: target.id, isRead: true, readAt: t.clock.now().toISOString() });
    expect(await unread(aliceToken)).toBe(before - 1);

    // Again: still read, readAt from the first time, the count does not move.
    t.clock.advance(5000);
    const again = await t.app.inject({ method: 'PUT', url: `/api/Notification/${target.id}/read`, headers: bearer(aliceToken) });
    expect(again.json()).toMatchObject({ isRead: true, readAt: read.readAt });
    expect(await unread(aliceToken)).toBe(before - 1);
    expect((await list(aliceToken)).data[0]).toMatchObject({ id: target.id, isRead: true, readAt: read.readAt });
  });

  it('answers 404 for another wallet’s notification and for a missing one, changing nothing', async () => {
    const [bobsNewest] = (await list(bobToken)).data as [Notification];
    const stolen = await t.app.inject({ method: 'PUT', url: `/api/Notification/${bobsNewest.id}/read`, headers: bearer(aliceToken) });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Notification not found.' } });
    expect((await list(bobToken)).data[0]?.isRead).toBe(false);
    expect(await unread(bobToken)).toBe(2);
    const missing = await t.app.inject({ method: 'PUT', url: '/api/Notification/999999/read', headers: bearer(aliceToken) });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/Notification/abc/read', headers: bearer(aliceToken) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('notify', () => {
  it('writes nothing when the caller’s transaction rolls back', async () => {
    const carol = createWallet();
    await expect(
      t.app.db.transaction(async (tx) => {
        await notify(tx, { wallet: carol.address, kind: 'deal_cancelled', title: 'x', message: 'y', now: t.clock.now() });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    const [row] = await t.app.db.select({ n: count() }).from(notifications).where(eq(notifications.wallet, carol.address));
    expect(row?.n).toBe(0);
  });

  it('queues one Telegram message per linked chat of the wallet, with the deal link', async () => {
    const dave = createWallet();
    await t.app.db.insert(telegramLinks).values([
      { chatId: 5001, wallet: dave.address, linkedAt: t.clock.now() },
      { chatId: 5002, wallet: dave.address, linkedAt: t.clock.now() },
      { chatId: 5003, wallet: alice.address, linkedAt: t.clock.now() },
    ]);
    const row = await notify(t.app.db, {
      wallet: dave.address,
      kind: 'escrow_locked',
      title: 'Escrow locked',
      message: '40 USDC are locked.',
      orderId: 77,
      now: t.clock.now(),
    });
    const queued = await t.app.db.select().from(telegramOutbox).where(eq(telegramOutbox.notificationId, row.id));
    expect(queued.map((q) => q.chatId).sort()).toEqual([5001, 5002]);
    expect(queued[0]).toMatchObject({
      text: 'Escrow locked\n\n40 USDC are locked.',
      buttonText: 'Open the deal',
      buttonUrl: '/swap-chat/77',
      attempts: 0,
      sentAt: null,
    });
  });
});
