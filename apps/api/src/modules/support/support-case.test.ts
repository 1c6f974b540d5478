// A support case on an ended deal reaches someone: the admins' queue and bells, the counterparty, a reopened chat,
// and a close with a reason the parties read. Deals are written straight into the orders table (no chain needed).
import type { DisputeQueueResponse, OrderDetails, SupportCase, SupportRequestResponse } from '@jelly/contracts';
import { CHAT_CLOSED, NOT_A_PARTY, OrderStatus, SUPPORT_CASE_NOT_OPEN, SUPPORT_MESSAGE_REQUIRED, SUPPORT_MESSAGE_TOO_LONG } from '@jelly/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { adminAuditLog, chatMessages, notifications, supportRequests } from '../../db/schema/index.ts';
import { seedDeal } from '../../realtime/testing/seed-deal.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';

const firstAdminWallet = createWallet();
const secondAdminWallet = createWallet();
let t: TestApp;
let firstAdmin: Session;
let secondAdmin: Session;

beforeAll(async () => {
  t = await createTestApp({ config: { adminWallets: new Set([firstAdminWallet.address, secondAdminWallet.address]) } });
  firstAdmin = await session(t.app, firstAdminWallet);
  secondAdmin = await session(t.app, secondAdminWallet);
});
afterAll(() => t.close());

/** A deal that ended a minute ago (Sell offer: the creator is the seller, the acceptor the buyer). */
async function endedDeal(status: OrderStatus = OrderStatus.Completed): Promise<{ seller: Session; buyer: Session; dealId: number }> {
  const seller = await session(t.app, createWallet());
  const buyer = await session(t.app, createWallet());
  const { dealId } = await seedDeal(
    t.app.db,
    { creator: seller.wallet.address, acceptor: buyer.wallet.address },
    { status, updatedAt: new Date(t.clock.now().getTime() - 60_000) },
    t.clock.now(),
  );
  return { seller, buyer, dealId };
}

function openCase(s: Session, dealId: number, message?: string) {
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
      ...(message === undefined ? {} : { message }),
    },
  });
}

const closeCase = (s: Session, dealId: number, reason: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/disputes/${dealId}/support-case/close`, headers: s.headers, payload: { reason } });

const chat = (s: Session, dealId: number, content: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat/add-messages',
    headers: s.headers,
    payload: { dealId, accountId: s.wallet.address, content, createdAtUtc: t.clock.now().toISOString() },
  });

async function caseOnPage(s: Session, dealId: number): Promise<SupportCase | null | undefined> {
  const response = await t.app.inject({ method: 'GET', url: `/api/orders/${dealId}`, headers: s.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderDetails>().supportCase;
}

async function queue(status: string): Promise<DisputeQueueResponse> {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/disputes?status=${status}&Size=100`, headers: firstAdmin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DisputeQueueResponse>();
}

const toldOf = (dealId: number, kind: 'support_case_opened' | 'support_case_closed') =>
  t.app.db
    .select({ wallet: notifications.wallet, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.orderId, dealId), eq(notifications.kind, kind)));

describe('a support case on a deal that ended', () => {
  it("is stored with the user's words, keeps the deal Completed and shows as open to both parties", async () => {
    const { seller, buyer, dealId } = await endedDeal();
    const response = await openCase(buyer, dealId, '  The bank reversed my transfer after the release.  ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SupportRequestResponse>()).toMatchObject({ orderId: dealId, status: OrderStatus.Completed, statusChanged: false });
    for (const party of [buyer, seller]) {
      expect(await caseOnPage(party, dealId)).toMatchObject({
        id: response.json<SupportRequestResponse>().id,
        state: 'open',
        message: 'The bank reversed my transfer after the release.',
        openedBy: buyer.wallet.address,
        closedAt: null,
        closeReason: null,
      });
    }
  });

  it('notifies every admin in the app and the counterparty, with no Telegram bot configured', async () => {
    const { seller, buyer, dealId } = await endedDeal();
    expect(t.config.telegram).toBeNull();
    expect((await openCase(seller, dealId, 'The buyer never paid but the deal completed.')).statusCode).toBe(200);
    const told = await toldOf(dealId, 'support_case_opened');
    expect(told.map((n) => n.wallet).sort()).toEqual([firstAdminWallet.address, secondAdminWallet.address, buyer.wallet.address].sort());
    const toAdmin = told.find((n) => n.wallet === firstAdminWallet.address);
    expect(toAdmin?.message).toBe(`The seller opened a case on deal #${dealId}, which has ended: "The buyer never paid but the deal completed."`);
    const toBuyer = told.find((n) => n.wallet === buyer.wallet.address);
    expect(toBuyer?.message).toBe(`The seller asked the admins to look at deal #${dealId}. The deal chat is open again: an admin will write there.`);
    // the admins' bell lists it
    const bell = await t.app.inject({ method: 'GET', url: '/api/Notification?Page=1&Size=100', headers: secondAdmin.headers });
    expect(bell.body).toContain(`deal #${dealId}, which has ended`);
  });

  it('lists an open case under its own queue filter with the words, who opened it, when and the deal status', async () => {
    const { buyer, dealId } = await endedDeal(OrderStatus.Cancelled);
    expect((await queue('support')).data.some((r) => r.orderId === dealId)).toBe(false);
    const opened = await openCase(buyer, dealId, 'I paid before the seller cancelled.');
    const row = (await queue('support')).data.find((r) => r.orderId === dealId);
    expect(row).toMatchObject({
      orderId: dealId,
      status: OrderStatus.Cancelled,
      statusLabel: 'Cancelled',
      openedBy: buyer.wallet.address,
      openedAt: t.clock.now().toISOString(),
      supportCase: { id: opened.json<SupportRequestResponse>().id, state: 'open', message: 'I paid before the seller cancelled.' },
    });
    expect((await queue('open')).data.some((r) => r.orderId === dealId)).toBe(false);
    expect((await queue('all')).data.some((r) => r.orderId === dealId)).toBe(true);
    // the admin opens the deal from there as for disputes
    const dossier = await t.app.inject({ method: 'GET', url: `/api/admin/disputes/${dealId}`, headers: firstAdmin.headers });
    expect(dossier.statusCode, dossier.body).toBe(200);
  });

  it('reopens the deal chat for the parties and the admins while the case is open, and closes it with the case', async () => {
    const { seller, buyer, dealId } = await endedDeal();
    // a case open on another deal opens no other chat
    const other = await endedDeal();
    expect((await openCase(other.buyer, other.dealId, 'Another deal.')).statusCode).toBe(200);
    const early = await chat(buyer, dealId, 'hello?');
    expect(early.statusCode, early.body).toBe(409);
    expect(errorOf(early)).toMatchObject({ status: 409, message: CHAT_CLOSED });
    expect((await openCase(buyer, dealId, 'The payment came back to me.')).statusCode).toBe(200);
    for (const writer of [buyer, seller, firstAdmin]) {
      const sent = await chat(writer, dealId, `from ${writer.wallet.address}`);
      expect(sent.statusCode, sent.body).toBe(201);
    }
    expect((await closeCase(firstAdmin, dealId, 'Checked: the payment arrived.')).statusCode).toBe(200);
    expect(errorOf(await chat(seller, dealId, 'one more thing'))).toMatchObject({ status: 409, message: CHAT_CLOSED });
  });

  it('gives the same case back to the same party, and lets the other party join it (their words go to the chat)', async () => {
    const { seller, buyer, dealId } = await endedDeal();
    const first = (await openCase(buyer, dealId, 'Reversed transfer.')).json<SupportRequestResponse>();
    expect((await openCase(buyer, dealId, 'Asking again.')).json<SupportRequestResponse>().id).toBe(first.id);
    const joined = await openCase(seller, dealId, 'I confirm, please look.');
    expect(joined.statusCode).toBe(200);
    expect(joined.json<SupportRequestResponse>().id).toBe(first.id);
    expect(await t.app.db.select().from(supportRequests).where(eq(supportRequests.orderId, dealId))).toHaveLength(1);
    // nobody is told twice
    expect(await toldOf(dealId, 'support_case_opened')).toHaveLength(3);
    const said = await t.app.db.select({ by: chatMessages.senderWallet, content: chatMessages.content }).from(chatMessages).where(eq(chatMessages.dealId, dealId));
    expect(said).toEqual(
      expect.arrayContaining([
        { by: buyer.wallet.address, content: 'Opened a support case: Reversed transfer.' },
        { by: seller.wallet.address, content: 'Joined the support case: I confirm, please look.' },
      ]),
    );
  });

  it('opens one case when both parties ask at the same moment', async () => {
    const { seller, buyer, dealId } = await endedDeal();
    const answers = await Promise.all([openCase(buyer, dealId, 'Buyer words.'), openCase(seller, dealId, 'Seller words.')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const ids = new Set(answers.map((a) => a.json<SupportRequestResponse>().id));
    expect(ids.size).toBe(1);
    expect(await t.app.db.select().from(supportRequests).where(eq(supportRequests.orderId, dealId))).toHaveLength(1);
  });

  it('refuses words over 1000 characters and a case without words (400), and strangers (403); stores nothing', async () => {
    const { buyer, dealId } = await endedDeal();
    expect(errorOf(await openCase(buyer, dealId, 'x'.repeat(1001)))).toMatchObject({ status: 400, message: `body.message: ${SUPPORT_MESSAGE_TOO_LONG}` });
    expect(SUPPORT_MESSAGE_TOO_LONG).toContain('1000 characters');
    expect(errorOf(await openCase(buyer, dealId))).toMatchObject({ status: 400, message: SUPPORT_MESSAGE_REQUIRED });
    expect(errorOf(await openCase(buyer, dealId, '   '))).toMatchObject({ status: 400, message: SUPPORT_MESSAGE_REQUIRED });
    const stranger = await session(t.app, createWallet());
    expect(errorOf(await openCase(stranger, dealId, 'Let me in.'))).toMatchObject({ status: 403, message: NOT_A_PARTY });
    expect(await t.app.db.select().from(supportRequests).where(eq(supportRequests.orderId, dealId))).toEqual([]);
    expect((await openCase(buyer, dealId, 'x'.repeat(1000))).statusCode).toBe(200);
  });

  it('keeps words optional on a live deal, which moves to Admin Resolving as before', async () => {
    const seller = await session(t.app, createWallet());
    const buyer = await session(t.app, createWallet());
    const bare = await seedDeal(t.app.db, { creator: seller.wallet.address, acceptor: buyer.wallet.address }, {}, t.clock.now());
    expect((await openCase(buyer, bare.dealId)).json<SupportRequestResponse>()).toMatchObject({ status: OrderStatus.AdminResolving, statusChanged: true });
    const worded = await seedDeal(t.app.db, { creator: seller.wallet.address, acceptor: buyer.wallet.address }, {}, t.clock.now());
    expect((await openCase(seller, worded.dealId, 'No payment yet.')).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(supportRequests).where(eq(supportRequests.orderId, worded.dealId));
    expect(row).toMatchObject({ message: 'No payment yet.', state: null });
    expect(await caseOnPage(buyer, worded.dealId)).toBeNull();
  });
});

describe("closing a case (an admin's act)", () => {
  it('closes with a reason: audited, both parties notified and shown the reason; a second close is 409', async () => {
    const { seller, buyer, dealId } = await endedDeal();
    expect((await openCase(buyer, dealId, 'Reversed transfer.')).statusCode).toBe(200);
    const closed = await closeCase(secondAdmin, dealId, '  The transfer arrived; nothing to recover.  ');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<SupportCase>()).toMatchObject({ state: 'closed', closeReason: 'The transfer arrived; nothing to recover.', closedAt: t.clock.now().toISOString() });
    for (const party of [buyer, seller]) {
      expect(await caseOnPage(party, dealId)).toMatchObject({ state: 'closed', closeReason: 'The transfer arrived; nothing to recover.' });
    }
    const [audit] = await t.app.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.orderId, dealId), eq(adminAuditLog.action, 'support_case_closed')));
    expect(audit).toMatchObject({ actor: secondAdminWallet.address, reason: 'The transfer arrived; nothing to recover.' });
    const told = await toldOf(dealId, 'support_case_closed');
    expect(told.map((n) => n.wallet).sort()).toEqual([buyer.wallet.address, seller.wallet.address].sort());
    for (const n of told) expect(n.message).toBe(`An admin closed the support case on deal #${dealId}. Reason: The transfer arrived; nothing to recover.`);
    expect((await queue('support')).data.some((r) => r.orderId === dealId)).toBe(false);
    expect((await queue('all')).data.find((r) => r.orderId === dealId)?.supportCase?.state).toBe('closed');

    expect(errorOf(await closeCase(firstAdmin, dealId, 'Again.'))).toMatchObject({ status: 409, message: SUPPORT_CASE_NOT_OPEN });
    // the same party asking again gets the closed case back
    expect((await openCase(buyer, dealId, 'Still unhappy.')).json<SupportRequestResponse>().id).toBe(closed.json<SupportCase>().id);
  });

  it('refuses non-admins (403), a reason too short (400) and a deal without a case (404)', async () => {
    const { buyer, dealId } = await endedDeal();
    expect((await openCase(buyer, dealId, 'Reversed transfer.')).statusCode).toBe(200);
    expect(errorOf(await closeCase(buyer, dealId, 'I close it myself.')).status).toBe(403);
    expect(errorOf(await closeCase(firstAdmin, dealId, 'ok')).status).toBe(400);
    expect(await caseOnPage(buyer, dealId)).toMatchObject({ state: 'open' });
    const other = await endedDeal();
    expect(errorOf(await closeCase(firstAdmin, other.dealId, 'Nothing to close.')).status).toBe(404);
  });
});
