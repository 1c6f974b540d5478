// A party can still reach the admins for 24 hours after a deal completed, expired or was cancelled, and both parties read
// the admin's decision and reason once a deal is resolved.
import type { OrderDetails, RatingSummary, SupportRequestResponse } from '@jelly/contracts';
import { DISPUTE_NOT_POSSIBLE, NOT_A_PARTY, OrderStatus, SUPPORT_WINDOW_CLOSED } from '@jelly/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orders, supportRequests } from '../../db/schema/index.ts';
import {
  claim,
  dealRow,
  getOrder,
  lockInstruction,
  offer,
  submit,
  trader,
  usdcOf,
  userTransaction,
  type Trader,
} from '../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, createChainWallet, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';
import { expireDeals } from '../deals/index.ts';

const adminWallet = createChainWallet();
let t: ChainTestApp;
let admin: Session;

beforeAll(async () => {
  t = await createChainTestApp({ config: { adminWallets: new Set([adminWallet.address]) } });
  admin = await session(t.app, adminWallet);
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60_000;

async function sellDeal(amount = 5_000_000n): Promise<{ seller: Trader; buyer: Trader; offerId: number; dealId: number }> {
  const seller = await trader(t, { usdc: amount });
  const buyer = await trader(t);
  const offerId = await offer(t, seller, 0, amount);
  const dealId = await claim(t, buyer, offerId, amount);
  return { seller, buyer, offerId, dealId };
}

/** Sets when the deal ended (its last change) relative to the test clock's now. */
async function endedAgo(dealId: number, status: OrderStatus, ms: number): Promise<void> {
  await t.app.db
    .update(orders)
    .set({ status, updatedAt: new Date(t.clock.now().getTime() - ms) })
    .where(eq(orders.orderId, dealId));
}

function supportRequest(s: Session, dealId: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/platform/call-tg-bot',
    headers: s.headers,
    payload: {
      dealId: String(dealId),
      buyerWallet: null,
      sellerWallet: null,
      orderUrl: `http://localhost/swap-chat/${dealId}`,
      receiver: 'Admin',
      messageType: 'AdminNotification',
      message: 'Something went wrong after the deal ended.',
    },
  });
}

const requestsOn = (dealId: number) => t.app.db.select().from(supportRequests).where(eq(supportRequests.orderId, dealId));

async function summary(wallet: string): Promise<RatingSummary> {
  return (await t.app.inject({ method: 'GET', url: `/api/rating/${wallet}/summary` })).json<RatingSummary>();
}

describe('Support Request after a deal ended', () => {
  it('opens one case on a deal that expired, without moving the deal, which the other party joins, and counts it for both parties', async () => {
    const { seller, buyer, dealId } = await sellDeal();
    t.clock.advance(31 * 60_000);
    try {
      expect((await expireDeals({ db: t.app.db, chain: t.chain, now: t.clock.now })).expired).toContain(dealId);
    } finally {
      t.clock.advance(-31 * 60_000);
    }
    const before = await dealRow(t, dealId);
    expect(before.status).toBe(OrderStatus.Expired);

    const first = await supportRequest(buyer, dealId);
    expect(first.statusCode).toBe(200);
    expect(first.json<SupportRequestResponse>()).toMatchObject({ orderId: dealId, status: OrderStatus.Expired, statusChanged: false });
    // asking again answers the same case; the other party joins it while it is open
    const again = await supportRequest(buyer, dealId);
    expect(again.json<SupportRequestResponse>().id).toBe(first.json<SupportRequestResponse>().id);
    const joined = await supportRequest(seller, dealId);
    expect(joined.statusCode).toBe(200);
    expect(joined.json<SupportRequestResponse>().id).toBe(first.json<SupportRequestResponse>().id);

    const rows = await requestsOn(dealId);
    expect(rows.map((r) => [r.requesterWallet, r.statusBefore, r.state])).toEqual([[buyer.wallet.address, OrderStatus.Expired, 'open']]);
    const after = await dealRow(t, dealId);
    expect(after).toMatchObject({ status: OrderStatus.Expired, atFaultWallet: before.atFaultWallet });
    expect((await summary(buyer.wallet.address)).disputesOpened).toBe(1);
    expect((await summary(seller.wallet.address)).disputesOpened).toBe(1);
  });

  it('works for a cancelled deal until 24 hours after it ended, then refuses with 409 and stores nothing', async () => {
    const { buyer, dealId } = await sellDeal();
    await endedAgo(dealId, OrderStatus.Cancelled, 24 * HOUR - 60_000);
    expect((await supportRequest(buyer, dealId)).statusCode).toBe(200);

    const late = await sellDeal();
    await endedAgo(late.dealId, OrderStatus.Cancelled, 24 * HOUR);
    expect(errorOf(await supportRequest(late.buyer, late.dealId))).toMatchObject({ status: 409, message: SUPPORT_WINDOW_CLOSED });
    expect(await requestsOn(late.dealId)).toEqual([]);
    expect((await dealRow(t, late.dealId)).status).toBe(OrderStatus.Cancelled);
  });

  it('opens a case on a completed deal within 24 hours (the deal stays Completed), and refuses with 409 after', async () => {
    const { buyer, seller, dealId } = await sellDeal();
    await endedAgo(dealId, OrderStatus.Completed, 24 * HOUR - 60_000);
    const opened = await supportRequest(buyer, dealId);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<SupportRequestResponse>()).toMatchObject({ orderId: dealId, status: OrderStatus.Completed, statusChanged: false });
    expect((await requestsOn(dealId)).map((r) => [r.requesterWallet, r.statusBefore])).toEqual([[buyer.wallet.address, OrderStatus.Completed]]);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.Completed);

    await endedAgo(dealId, OrderStatus.Completed, 24 * HOUR);
    expect(errorOf(await supportRequest(seller, dealId))).toMatchObject({ status: 409, message: SUPPORT_WINDOW_CLOSED });
    expect(await requestsOn(dealId)).toHaveLength(1);
  });

  it('refuses strangers on an ended deal (403) and deals an admin resolved (409)', async () => {
    const { buyer, dealId } = await sellDeal();
    await endedAgo(dealId, OrderStatus.Expired, HOUR);
    const stranger = await session(t.app, createChainWallet());
    expect(errorOf(await supportRequest(stranger, dealId))).toMatchObject({ status: 403, message: NOT_A_PARTY });
    await endedAgo(dealId, OrderStatus.AdminResolved, HOUR);
    expect(errorOf(await supportRequest(buyer, dealId))).toMatchObject({ status: 409, message: DISPUTE_NOT_POSSIBLE });
    expect(await requestsOn(dealId)).toEqual([]);
  });
});

describe("the admin's resolution, as the parties see it", () => {
  function resolve(dealId: number, body: object) {
    return t.app.inject({ method: 'POST', url: `/api/admin/orders/${dealId}/resolve`, headers: admin.headers, payload: body });
  }

  it('shows both parties who received the tokens and the reason; none before', async () => {
    const { seller, buyer, dealId } = await sellDeal();
    const deal = await getOrder(t.app, seller, dealId);
    await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    expect((await getOrder(t.app, buyer, dealId)).adminResolution).toBeNull();

    // a reason over 500 characters is refused before anything moves
    expect(errorOf(await resolve(dealId, { releaseTo: 'seller', reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.CryptoGuyLockedCrypto);

    const response = await resolve(dealId, { releaseTo: 'seller', reason: '  The buyer sent no payment proof.  ' });
    expect(response.statusCode).toBe(200);
    expect(await usdcOf(t, seller.key)).toBe(5_000_000n);
    for (const party of [buyer, seller]) {
      const seen: OrderDetails = await getOrder(t.app, party, dealId);
      expect(seen).toMatchObject({
        status: OrderStatus.AdminResolved,
        adminResolution: { releasedTo: 'seller', reason: 'The buyer sent no payment proof.', resolvedAt: expect.any(String) },
      });
    }
    // the resolution's notification (bell, toast, Telegram) carries the reason to both parties
    const told = await t.app.db
      .select({ wallet: notifications.wallet, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.orderId, dealId), eq(notifications.kind, 'dispute_resolved')));
    expect(told.map((n) => n.wallet).sort()).toEqual([buyer.wallet.address, seller.wallet.address].sort());
    for (const n of told) expect(n.message).toMatch(/^An admin refunded 5\.00 USDC to the seller on deal #\d+\. Reason: The buyer sent no payment proof\.$/);
  });

  it('refuses a resolution without a reason (or a too short one); with one, a deal never locked is cancelled back to the seller', async () => {
    const { buyer, dealId } = await sellDeal();
    expect(errorOf(await resolve(dealId, { releaseTo: 'seller' })).status).toBe(400);
    expect(errorOf(await resolve(dealId, { releaseTo: 'seller', reason: ' ab ' })).status).toBe(400);
    expect((await getOrder(t.app, buyer, dealId)).adminResolution).toBeNull();
    expect((await resolve(dealId, { releaseTo: 'seller', reason: 'Never locked; the buyer asked to cancel.' })).statusCode).toBe(200);
    expect((await getOrder(t.app, buyer, dealId)).adminResolution).toMatchObject({
      releasedTo: 'seller',
      reason: 'Never locked; the buyer asked to cancel.',
    });
  });
});
