import type { AddressInfo } from 'node:net';
import { notificationListResponse, type Notification } from '@jelly/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/helpers/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet, type TestWallet } from '../../../test/helpers/wallet.ts';
import { notifications, orders } from '../../db/schema/index.ts';
import { RealtimeTestClient } from '../../realtime/testing/realtime-client.ts';
import { seedDeal, type SeededDeal } from '../../realtime/testing/seed-deal.ts';
import { expireDeals, moveDeal } from '../deals/index.ts';
import { sendPaymentWindowReminders } from './payment-window-reminders.ts';

/**
 * The notifications the issue-4 use-cases write, through their real code paths (HTTP routes, the status mover
 * every chain-driven transition goes through, the expiry job), with the texts' facts checked.
 */
let t: TestApp;
let baseUrl: string;
let alice: TestWallet; // Sell-offer creator: the crypto side
let bob: TestWallet; // claimer: the fiat side
let carol: TestWallet;
const tokens: Record<string, string> = {};
const bearer = (wallet: TestWallet) => ({ authorization: `Bearer ${tokens[wallet.address]}` });

async function notificationsOf(wallet: TestWallet): Promise<Notification[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/Notification', query: { Size: '100' }, headers: bearer(wallet) });
  return notificationListResponse.parse(response.json()).data;
}

async function newestOf(wallet: TestWallet): Promise<Notification | undefined> {
  return (await notificationsOf(wallet))[0];
}

async function countOf(wallet: TestWallet): Promise<number> {
  return (await notificationsOf(wallet)).length;
}

const dealRow = async (dealId: number) => {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.orderId, dealId));
  if (!row) throw new Error('no deal');
  return { ...row, offerId: row.parentOrderId ?? 0, amount: BigInt(row.amount) };
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alice = createWallet();
  bob = createWallet();
  carol = createWallet();
  for (const wallet of [alice, bob, carol]) tokens[wallet.address] = (await signIn(t.app, wallet)).body.accessToken;
});
afterAll(() => t.close());

describe('deal events', () => {
  let deal: SeededDeal;

  it('offer claimed (POST /orders/create-order): the creator is told who, how much, the fiat and the time left', async () => {
    const seeded = await seedDeal(t.app.db, { creator: alice.address, acceptor: carol.address }, {}, t.clock.now());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create-order',
      headers: bearer(bob),
      payload: { parentOrderId: seeded.offerId, amount: '10000000' },
    });
    expect(response.statusCode).toBe(200);
    const dealId = (response.json() as { orderId: number }).orderId;
    deal = { ...seeded, dealId, acceptorWallet: bob.address };
    const notice = await newestOf(alice);
    expect(notice).toMatchObject({ kind: 'offer_claimed', title: 'Offer claimed', orderId: dealId, isRead: false });
    expect(notice?.message).toBe(
      `${bob.address.slice(0, 8)}…${bob.address.slice(-6)} claimed 10.00 USDC for 9.20 EUR on your offer #${seeded.offerId} (deal #${dealId}). Lock the USDC in escrow to start the deal: 30 min left.`,
    );
    expect(await countOf(bob)).toBe(0);
  });

  it('escrow locked → the fiat side; marked as paid → the crypto side; completed → both (the status mover)', async () => {
    t.clock.advance(6 * 60_000);
    await moveDeal(t.app.db, await dealRow(deal.dealId), 'locked', { lockSignature: 'sig-lock' }, t.clock.now());
    expect(await newestOf(bob)).toMatchObject({
      kind: 'escrow_locked',
      title: 'Escrow locked',
      message: `10.00 USDC are locked in escrow for deal #${deal.dealId}. Pay 9.20 EUR and press Mark as Paid: 24 min left.`,
    });
    const aliceBefore = await countOf(alice);

    await moveDeal(t.app.db, await dealRow(deal.dealId), 'fiat_signed', {}, t.clock.now());
    expect(await newestOf(alice)).toMatchObject({
      kind: 'marked_paid',
      message: `The buyer marked 9.20 EUR as paid for 10.00 USDC on deal #${deal.dealId}. Check that the money arrived, then press Mark as Paid to release the USDC.`,
    });
    expect(await countOf(alice)).toBe(aliceBefore + 1);

    // The mover refuses a transition from the wrong status: nothing is written.
    expect(await moveDeal(t.app.db, await dealRow(deal.dealId), 'expired_unlocked', {}, t.clock.now())).toBe(false);
    expect(await countOf(alice)).toBe(aliceBefore + 1);

    await moveDeal(t.app.db, await dealRow(deal.dealId), 'settled', {}, t.clock.now());
    expect(await newestOf(bob)).toMatchObject({
      kind: 'deal_completed',
      message: `10.00 USDC were released to you for 9.20 EUR. Deal #${deal.dealId} is complete.`,
    });
    expect(await newestOf(alice)).toMatchObject({
      kind: 'deal_completed',
      message: `10.00 USDC were released to the buyer for 9.20 EUR. Deal #${deal.dealId} is complete.`,
    });
  });

  it('review received (POST /rating)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/rating',
      headers: bearer(bob),
      payload: { toWallet: alice.address, score: 5, comment: 'Fast and friendly', dealId: deal.dealId },
    });
    expect(response.statusCode).toBe(200);
    expect(await newestOf(alice)).toMatchObject({
      kind: 'review_received',
      title: 'New review',
      message: `${bob.address.slice(0, 8)}…${bob.address.slice(-6)} rated you 5/5 for deal #${deal.dealId}. “Fast and friendly”`,
    });
  });

  it('cancelled by a party (PUT /orders/update-offers): the other party is told who cancelled', async () => {
    const other = await seedDeal(t.app.db, { creator: alice.address, acceptor: bob.address }, {}, t.clock.now());
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/orders/update-offers',
      query: { orderId: String(other.dealId), orderStatus: '4' },
      headers: bearer(bob),
    });
    expect(response.statusCode).toBe(200);
    expect(await newestOf(alice)).toMatchObject({
      kind: 'deal_cancelled',
      orderId: other.dealId,
      message: `${bob.address.slice(0, 8)}…${bob.address.slice(-6)} cancelled deal #${other.dealId} (40.00 USDC for 36.80 EUR).`,
    });
    expect((await newestOf(bob))?.orderId).not.toBe(other.dealId);
  });

  it('dispute opened and resolved: both parties', async () => {
    const other = await seedDeal(t.app.db, { creator: alice.address, acceptor: bob.address }, {}, t.clock.now());
    await moveDeal(t.app.db, await dealRow(other.dealId), 'dispute_opened', {}, t.clock.now());
    for (const wallet of [alice, bob]) expect(await newestOf(wallet)).toMatchObject({ kind: 'dispute_opened', orderId: other.dealId });
    await moveDeal(t.app.db, await dealRow(other.dealId), 'refunded_by_admin', {}, t.clock.now());
    for (const wallet of [alice, bob]) {
      expect(await newestOf(wallet)).toMatchObject({
        kind: 'dispute_resolved',
        message: `An admin refunded 40.00 USDC to the seller on deal #${other.dealId}.`,
      });
    }
  });

  it('payment window about to end: once, to the party who must act, with the minutes left', async () => {
    const soon = await seedDeal(t.app.db, { creator: alice.address, acceptor: bob.address }, {}, t.clock.now());
    await t.app.db
      .update(orders)
      .set({ paymentDeadline: new Date(t.clock.now().getTime() + 4 * 60_000 + 30_000) })
      .where(eq(orders.orderId, soon.dealId));
    const bobBefore = await countOf(bob);
    expect(await sendPaymentWindowReminders(t.app.db, t.clock.now())).toEqual([soon.dealId]);
    expect(await newestOf(alice)).toMatchObject({
      kind: 'payment_window_ending',
      title: 'Payment window ends soon',
      message: `Deal #${soon.dealId}: 5 min left to lock 40.00 USDC in escrow, or the deal expires.`,
    });
    expect(await sendPaymentWindowReminders(t.app.db, t.clock.now())).toEqual([]);
    expect(await countOf(bob)).toBe(bobBefore);

    // After the lock the buyer gets its own reminder for the same window.
    await moveDeal(t.app.db, await dealRow(soon.dealId), 'locked', {}, t.clock.now());
    t.clock.advance(60_000);
    expect(await sendPaymentWindowReminders(t.app.db, t.clock.now())).toEqual([soon.dealId]);
    expect(await newestOf(bob)).toMatchObject({
      kind: 'payment_window_ending',
      message: `Deal #${soon.dealId}: 4 min left to pay 36.80 EUR and press Mark as Paid, or the USDC go back to the seller.`,
    });
    expect(await sendPaymentWindowReminders(t.app.db, t.clock.now())).toEqual([]);

    // More time was granted (the deadline moved): the new window's end is announced once more.
    const [row] = await t.app.db.select().from(orders).where(eq(orders.orderId, soon.dealId));
    await t.app.db
      .update(orders)
      .set({ paymentDeadline: new Date((row?.paymentDeadline?.getTime() ?? 0) + 15 * 60_000) })
      .where(eq(orders.orderId, soon.dealId));
    t.clock.advance(15 * 60_000);
    expect(await sendPaymentWindowReminders(t.app.db, t.clock.now())).toEqual([soon.dealId]);
    expect(await sendPaymentWindowReminders(t.app.db, t.clock.now())).toEqual([]);
  });

  it('expired (the payment-window job): both parties, in the expiry’s transaction', async () => {
    const late = await seedDeal(t.app.db, { creator: alice.address, acceptor: bob.address }, {}, t.clock.now());
    t.clock.advance(31 * 60_000);
    for (const wallet of [alice, bob]) tokens[wallet.address] = (await signIn(t.app, wallet)).body.accessToken;
    const report = await expireDeals({ db: t.app.db, chain: null, now: t.clock.now });
    expect(report.expired).toContain(late.dealId);
    for (const wallet of [alice, bob]) {
      const mine = (await notificationsOf(wallet)).filter((n) => n.orderId === late.dealId && n.kind === 'deal_expired');
      expect(mine.map((n) => n.message)).toEqual([
        `The payment window of deal #${late.dealId} (40.00 USDC for 36.80 EUR) ended before it was paid.`,
      ]);
    }
  });
});

describe('chat notifications (POST /chat/add-messages)', () => {
  let deal: SeededDeal;
  const send = async (from: TestWallet, content: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat/add-messages',
      headers: bearer(from),
      payload: { dealId: deal.dealId, accountId: from.address, content, createdAtUtc: t.clock.now().toISOString() },
    });
    expect(response.statusCode).toBe(201);
  };
  const chatNotices = async (wallet: TestWallet) =>
    (await t.app.db.select().from(notifications).where(eq(notifications.wallet, wallet.address)).orderBy(desc(notifications.id))).filter(
      (n) => n.kind === 'chat_message' && n.orderId === deal.dealId,
    );

  beforeAll(async () => {
    for (const wallet of [alice, bob]) tokens[wallet.address] = (await signIn(t.app, wallet)).body.accessToken;
    deal = await seedDeal(t.app.db, { creator: alice.address, acceptor: bob.address }, {}, t.clock.now());
  });

  it('tells the other party, at most once per deal every 5 minutes, with a preview', async () => {
    await send(bob, 'Hi Alice, I am paying now via SEPA');
    await send(bob, 'Done!');
    const notices = await chatNotices(alice);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: 'New message',
      message: `${bob.address.slice(0, 8)}…${bob.address.slice(-6)} on deal #${deal.dealId}: Hi Alice, I am paying now via SEPA`,
    });
    expect(await chatNotices(bob)).toHaveLength(0);
    t.clock.advance(5 * 60_000);
    await send(bob, 'Did it arrive?');
    expect((await chatNotices(alice)).map((n) => n.message.split(': ')[1])).toEqual(['Did it arrive?', 'Hi Alice, I am paying now via SEPA']);
  });

  it('writes nothing while the recipient has the deal open (a realtime subscription)', async () => {
    for (const wallet of [alice, bob]) tokens[wallet.address] = (await signIn(t.app, wallet)).body.accessToken;
    // Past the 5-minute throttle, so only "viewing" can hold the notification back.
    t.clock.advance(5 * 60_000 + 1000);
    const aliceSocket = await RealtimeTestClient.connect(baseUrl, { token: tokens[alice.address] });
    aliceSocket.send({ type: 'subscribe', dealId: deal.dealId });
    await aliceSocket.next('subscribed');
    const before = (await chatNotices(alice)).length;
    await send(bob, 'Are you there?');
    expect((await aliceSocket.next('chat.message')).message.content).toBe('Are you there?');
    expect(await chatNotices(alice)).toHaveLength(before);
    await aliceSocket.close();
    await expect.poll(async () => {
      t.clock.advance(1000);
      await send(bob, 'Hello?');
      return (await chatNotices(alice)).length;
    }).toBe(before + 1);
  });
});
