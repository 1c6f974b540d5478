// Payment window and disputes on a real localnet: every state has a way out.
import type { AdminOrderResponse, AdminResolveOutcome, SupportRequestResponse } from '@jelly/contracts';
import { DISPUTE_NOT_POSSIBLE, NOT_A_PARTY, ORDER_ALREADY_RESOLVED_BY_ADMIN, OrderStatus, settlementPayout } from '@jelly/domain';
import type { Config } from '@jelly/escrow';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, dealTransactions, orders, supportRequests } from '../../db/schema/index.ts';
import {
  claim,
  dealRow,
  escrowConfig,
  getOrder,
  lockInstruction,
  offer,
  openUsdcAccount,
  signInstructions,
  submit,
  trader,
  usdcOf,
  userTransaction,
  type Trader,
} from '../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, createChainWallet, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';
import { NOTHING_LOCKED_FOR_BUYER } from './admin-resolve.ts';
import { expireDeals } from './expire-deals.ts';
import { NEVER_LANDED, PAYMENT_WINDOW_ACTOR } from './transactions/index.ts';
import { WRONG_PARTIES } from '../support/index.ts';

const adminWallet = createChainWallet();
let t: ChainTestApp;
let escrow: Config;
let admin: Session;

beforeAll(async () => {
  t = await createChainTestApp({ config: { adminWallets: new Set([adminWallet.address]) } });
  escrow = await escrowConfig(t);
  admin = await session(t.app, adminWallet);
});
afterAll(async () => {
  await t.close();
});

const run = () => expireDeals({ db: t.app.db, chain: t.chain, now: t.clock.now });
const minutes = (n: number) => n * 60_000;

/** Moves the test clock past a deal's deadline for the duration of `body`, with fresh sign-ins. */
async function afterDeadline<T>(windowMinutes: number, body: () => Promise<T>): Promise<T> {
  t.clock.advance(minutes(windowMinutes) + 1_000);
  try {
    return await body();
  } finally {
    t.clock.advance(-(minutes(windowMinutes) + 1_000));
  }
}

async function sellDeal(amount = 10_000_000n): Promise<{ seller: Trader; buyer: Trader; offerId: number; dealId: number }> {
  const seller = await trader(t, { usdc: amount });
  const buyer = await trader(t);
  const offerId = await offer(t, seller, 0, amount);
  const dealId = await claim(t, buyer, offerId, amount);
  return { seller, buyer, offerId, dealId };
}

async function lock(seller: Trader, dealId: number): Promise<void> {
  const deal = await getOrder(t.app, seller, dealId);
  await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
}

function supportRequest(s: Session, dealId: number, extra: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/platform/call-tg-bot',
    headers: s.headers,
    payload: { dealId: String(dealId), buyerWallet: null, sellerWallet: null, orderUrl: `http://localhost:8080/swap-chat/${dealId}`, receiver: 'Admin', messageType: 'AdminNotification', ...extra },
  });
}

function resolve(s: Session, dealId: number, releaseTo: 'buyer' | 'seller') {
  return t.app.inject({ method: 'POST', url: `/api/admin/orders/${dealId}/resolve`, headers: s.headers, payload: { releaseTo, reason: 'Checked the chat and the payment proof' } });
}

describe('the payment window', () => {
  it('expires an unpaid, unlocked deal after its deadline (not before) and gives its amount back to the offer', async () => {
    const { seller, offerId, dealId } = await sellDeal();
    expect((await run()).expired).not.toContain(dealId);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.InProgress);

    const report = await afterDeadline(30, run);
    expect(report.expired).toContain(dealId);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.Expired);
    expect(await getOrder(t.app, seller, offerId)).toMatchObject({ amount: '10000000', filledQuantity: '0' });
    expect(await usdcOf(t, seller.key)).toBe(10_000_000n);
  });

  it('refunds a locked deal whose fiat side never marked paid: Expired, tokens back on chain, an audit row', async () => {
    const { seller, offerId, dealId } = await sellDeal();
    await lock(seller, dealId);
    expect(await usdcOf(t, seller.key)).toBe(0n);

    const report = await afterDeadline(30, run);
    expect(report.refunded).toContain(dealId);
    expect(report.failed).toEqual([]);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.Expired);
    expect(await usdcOf(t, seller.key)).toBe(10_000_000n);
    expect(await getOrder(t.app, seller, offerId)).toMatchObject({ amount: '10000000' });
    const [entry] = await t.app.db.select().from(adminAuditLog).where(eq(adminAuditLog.orderId, dealId));
    expect(entry).toMatchObject({ actor: PAYMENT_WINDOW_ACTOR, action: 'refund_expired_lock' });
    const [tx] = await t.app.db.select().from(dealTransactions).where(and(eq(dealTransactions.orderId, dealId), eq(dealTransactions.kind, 'admin_resolve')));
    expect(tx).toMatchObject({ state: 'confirmed', resultStatus: OrderStatus.Expired, submittedBy: PAYMENT_WINDOW_ACTOR });
  });

  it('leaves a deal the fiat side marked paid (2): it waits for the crypto side or a dispute', async () => {
    const { seller, buyer, dealId } = await sellDeal();
    await lock(seller, dealId);
    const deal = await getOrder(t.app, buyer, dealId);
    await submit(t, buyer, await userTransaction(t, buyer.keypair, signInstructions(t, deal, buyer.key, escrow, false)));

    const report = await afterDeadline(30, run);
    expect([...report.expired, ...report.refunded]).not.toContain(dealId);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.SignedByOneParty);

    // ... and the crypto side can still complete it after the deadline.
    const done = await submit(t, seller, await userTransaction(t, seller.keypair, signInstructions(t, deal, seller.key, escrow, true)));
    expect(done.status).toBe(OrderStatus.Completed);
  });

  /** A transaction in flight for the deal, as the co-signer records it before sending. */
  /** A transaction in flight: reserved, and its signed bytes recorded by the gate (a reservation without them never left). */
  async function pendingTransaction(dealId: number, recentBlockhash: string): Promise<string> {
    const signature = bs58.encode(Keypair.generate().secretKey);
    await t.app.db.insert(dealTransactions).values({
      signature, orderId: dealId, kind: 'lock', submittedBy: 'test', state: 'pending', recentBlockhash,
      rawTransaction: Buffer.from('signed bytes').toString('base64'), createdAt: t.clock.now(), updatedAt: t.clock.now(),
    });
    return signature;
  }

  it('does not expire a deal while one of its transactions is in flight (and could still land)', async () => {
    const { dealId } = await sellDeal();
    const { blockhash } = await t.chain.connection.getLatestBlockhash();
    const signature = await pendingTransaction(dealId, blockhash);
    const report = await afterDeadline(30, run);
    expect(report.expired).not.toContain(dealId);
    expect(report.settled).not.toContain(dealId);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.InProgress);
    await t.app.db.delete(dealTransactions).where(eq(dealTransactions.signature, signature));
    expect((await afterDeadline(30, run)).expired).toContain(dealId);
  });

  it('settles a stale in-flight transaction that can never land (unknown blockhash), then expires the deal', async () => {
    const { dealId } = await sellDeal();
    const signature = await pendingTransaction(dealId, Keypair.generate().publicKey.toBase58());
    const report = await afterDeadline(30, run);
    expect(report.settled).toContain(dealId);
    expect(report.expired).toContain(dealId);
    const [row] = await t.app.db.select().from(dealTransactions).where(eq(dealTransactions.signature, signature));
    expect(row).toMatchObject({ state: 'failed', errorMessage: NEVER_LANDED });
  });

  it('refunds a lock that landed on a deal already cancelled in the database (the two raced)', async () => {
    const { seller, offerId, dealId } = await sellDeal();
    await lock(seller, dealId);
    // The race's outcome: the database cancel won (amount back to the offer) while the lock landed on chain.
    await t.app.db.update(orders).set({ status: OrderStatus.Cancelled }).where(eq(orders.orderId, dealId));
    await t.app.db.update(orders).set({ amount: '10000000' }).where(eq(orders.orderId, offerId));

    const report = await run();
    expect(report.refunded).toContain(dealId);
    expect(await usdcOf(t, seller.key)).toBe(10_000_000n);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.Cancelled);
    expect(await getOrder(t.app, seller, offerId)).toMatchObject({ amount: '10000000' });
    expect((await run()).refunded).not.toContain(dealId);
  });

  it('runs by itself when the app is configured with an interval', async () => {
    const timed = await createChainTestApp({ config: { deals: { paymentWindowSweepMs: 100 } } });
    try {
      const seller = await trader(timed, { usdc: 1_000_000n });
      const buyer = await trader(timed);
      const dealId = await claim(timed, buyer, await offer(timed, seller, 0, 1_000_000n), 1_000_000n);
      timed.clock.advance(minutes(31));
      await expect.poll(async () => (await dealRow(timed, dealId)).status, { timeout: 5_000 }).toBe(OrderStatus.Expired);
    } finally {
      await timed.close();
    }
  });
});

describe('POST /platform/call-tg-bot (Support Request)', () => {
  it('moves the deal to Admin Resolving and stores the request with the server’s buyer and seller', async () => {
    const { seller, buyer, dealId } = await sellDeal();
    const response = await supportRequest(buyer, dealId, { buyerWallet: buyer.wallet.address, sellerWallet: seller.wallet.address });
    expect(response.statusCode).toBe(200);
    expect(response.json<SupportRequestResponse>()).toMatchObject({ orderId: dealId, status: OrderStatus.AdminResolving, statusChanged: true });
    const [row] = await t.app.db.select().from(supportRequests).where(eq(supportRequests.orderId, dealId));
    expect(row).toMatchObject({
      requesterWallet: buyer.wallet.address,
      buyerWallet: buyer.wallet.address,
      sellerWallet: seller.wallet.address,
      receiver: 'Admin',
      messageType: 'AdminNotification',
      statusBefore: OrderStatus.InProgress,
      notifiedAt: null,
    });
    const again = await supportRequest(seller, dealId);
    expect(again.json<SupportRequestResponse>()).toMatchObject({ status: OrderStatus.AdminResolving, statusChanged: false });
  });

  it('refuses strangers (403), unknown deals (404), finished deals (409), wrong parties (400) and anonymous callers (401)', async () => {
    const { buyer, seller, dealId } = await sellDeal();
    const stranger = await session(t.app, createChainWallet());
    expect(errorOf(await supportRequest(stranger, dealId))).toMatchObject({ status: 403, message: NOT_A_PARTY });
    expect(errorOf(await supportRequest(buyer, 987_654_321))).toMatchObject({ status: 404, message: 'Order not found' });
    expect(errorOf(await supportRequest(buyer, dealId, { buyerWallet: seller.wallet.address }))).toMatchObject({ status: 400, message: WRONG_PARTIES });
    expect(errorOf(await supportRequest(buyer, dealId, { receiver: 'Someone' })).status).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/platform/call-tg-bot',
      payload: { dealId, buyerWallet: null, sellerWallet: null, orderUrl: 'x', receiver: 'Admin', messageType: 'AdminNotification' },
    });
    expect(anonymous.statusCode).toBe(401);
    // a deal the admins resolved takes no further case (a completed one does, for 24 hours: support-after-end tests)
    await t.app.db.update(orders).set({ status: OrderStatus.AdminResolved }).where(eq(orders.orderId, dealId));
    expect(errorOf(await supportRequest(buyer, dealId))).toMatchObject({ status: 409, message: DISPUTE_NOT_POSSIBLE });
  });
});

describe('admin order chat and resolution', () => {
  it('shows the admin order fields to admins only', async () => {
    const { seller, buyer, dealId } = await sellDeal();
    expect(errorOf(await t.app.inject({ method: 'GET', url: `/api/admin/orders/${dealId}`, headers: buyer.headers })).status).toBe(403);
    await lock(seller, dealId);
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${dealId}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminOrderResponse>()).toMatchObject({
      orderId: dealId,
      fiatCode: 'EUR',
      tokenName: 'USDC',
      side: 'SELL',
      buyerWallet: buyer.wallet.address,
      sellerWallet: seller.wallet.address,
      amount: '10000000',
      price: '0.92',
      status: OrderStatus.CryptoGuyLockedCrypto,
      statusLabel: 'Locked',
      resolve: { toBuyer: { enabled: true }, toSeller: { enabled: true } },
      escrow: { status: 'Locked', amount: '10000000', cryptoGuySigned: false, fiatGuySigned: false },
    });
  });

  it("resolves a disputed locked deal to the buyer: amount − fee to the buyer, fee to the treasury; then 'Order already resolved by admin.'", async () => {
    const { seller, buyer, offerId, dealId } = await sellDeal(20_000_000n);
    await lock(seller, dealId);
    expect((await supportRequest(seller, dealId)).statusCode).toBe(200);
    const treasuryBefore = await usdcOf(t, escrow.treasury);
    await openUsdcAccount(t, buyer);

    const response = await resolve(admin, dealId, 'buyer');
    expect(response.statusCode).toBe(200);
    const body = response.json<Extract<AdminResolveOutcome, { state: 'executed' }>>();
    expect(body).toMatchObject({ orderId: dealId, status: OrderStatus.AdminResolved, releaseTo: 'buyer' });
    expect(body.signature).toEqual(expect.any(String));
    const { fee, toFiatSide } = settlementPayout(20_000_000n, escrow.feeBps);
    expect(await usdcOf(t, buyer.key)).toBe(toFiatSide);
    expect((await usdcOf(t, escrow.treasury)) - treasuryBefore).toBe(fee);
    expect(await getOrder(t.app, seller, offerId)).toMatchObject({ amount: '0', filledQuantity: '20000000' });

    expect(errorOf(await resolve(admin, dealId, 'buyer'))).toMatchObject({ status: 409, message: ORDER_ALREADY_RESOLVED_BY_ADMIN });
    expect(errorOf(await resolve(admin, dealId, 'seller'))).toMatchObject({ status: 409, message: ORDER_ALREADY_RESOLVED_BY_ADMIN });
    const view = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${dealId}`, headers: admin.headers })).json<AdminOrderResponse>();
    expect(view.resolve.toBuyer).toEqual({ enabled: false, reason: ORDER_ALREADY_RESOLVED_BY_ADMIN });
    const audit = await t.app.db.select().from(adminAuditLog).where(eq(adminAuditLog.orderId, dealId));
    expect(audit).toEqual([expect.objectContaining({ actor: adminWallet.address, action: 'resolve_to_buyer' })]);
  });

  it('resolves a deal the buyer marked paid to the seller: full refund, no fee', async () => {
    const { seller, buyer, offerId, dealId } = await sellDeal(7_000_000n);
    await lock(seller, dealId);
    const deal = await getOrder(t.app, buyer, dealId);
    await submit(t, buyer, await userTransaction(t, buyer.keypair, signInstructions(t, deal, buyer.key, escrow, false)));
    expect((await supportRequest(seller, dealId)).statusCode).toBe(200);
    const treasuryBefore = await usdcOf(t, escrow.treasury);

    const response = await resolve(admin, dealId, 'seller');
    expect(response.json<Extract<AdminResolveOutcome, { state: 'executed' }>>()).toMatchObject({ status: OrderStatus.AdminResolved, releaseTo: 'seller' });
    expect(await usdcOf(t, seller.key)).toBe(7_000_000n);
    expect(await usdcOf(t, buyer.key)).toBe(0n);
    expect(await usdcOf(t, escrow.treasury)).toBe(treasuryBefore);
    expect(await getOrder(t.app, seller, offerId)).toMatchObject({ amount: '7000000', filledQuantity: '0' });
  });

  it('lets exactly one of two simultaneous resolutions through', async () => {
    const { seller, buyer, dealId } = await sellDeal(2_000_000n);
    await lock(seller, dealId);
    await openUsdcAccount(t, buyer);
    const answers = await Promise.all([resolve(admin, dealId, 'seller'), resolve(admin, dealId, 'buyer')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)?.json<Extract<AdminResolveOutcome, { state: 'executed' }>>();
    const loser = answers.find((a) => a.statusCode === 409);
    expect(loser && errorOf(loser).message).toMatch(/Order already resolved by admin\.|Another transaction for this deal/);
    if (winner?.releaseTo === 'seller') {
      expect([await usdcOf(t, seller.key), await usdcOf(t, buyer.key)]).toEqual([2_000_000n, 0n]);
    } else {
      expect([await usdcOf(t, seller.key), await usdcOf(t, buyer.key)]).toEqual([0n, settlementPayout(2_000_000n, escrow.feeBps).toFiatSide]);
    }
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.AdminResolved);
  });

  it('cancels a disputed deal that was never locked when resolved to the seller; refuses the buyer', async () => {
    const { seller, buyer, offerId, dealId } = await sellDeal(4_000_000n);
    expect((await supportRequest(buyer, dealId)).statusCode).toBe(200);
    expect(errorOf(await resolve(admin, dealId, 'buyer'))).toMatchObject({ status: 409, message: NOTHING_LOCKED_FOR_BUYER });
    const view = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${dealId}`, headers: admin.headers })).json<AdminOrderResponse>();
    expect(view.resolve).toEqual({ toBuyer: { enabled: false, reason: NOTHING_LOCKED_FOR_BUYER }, toSeller: { enabled: true } });

    const response = await resolve(admin, dealId, 'seller');
    expect(response.json<Extract<AdminResolveOutcome, { state: 'executed' }>>()).toEqual({
      state: 'executed',
      orderId: dealId,
      status: OrderStatus.Cancelled,
      signature: null,
      releaseTo: 'seller',
      reason: 'Checked the chat and the payment proof',
    });
    expect(await getOrder(t.app, seller, offerId)).toMatchObject({ amount: '4000000' });
    expect(await usdcOf(t, seller.key)).toBe(4_000_000n);
  });

  it('refuses non-admins, offers and unknown ids', async () => {
    const { seller, buyer, offerId, dealId } = await sellDeal(1_000_000n);
    expect(errorOf(await resolve(buyer, dealId, 'buyer')).status).toBe(403);
    expect(errorOf(await resolve(seller, dealId, 'seller')).status).toBe(403);
    expect(errorOf(await resolve(admin, offerId, 'seller')).status).toBe(409);
    expect(errorOf(await resolve(admin, 987_654_321, 'seller')).status).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${dealId}/resolve`, headers: admin.headers, payload: { releaseTo: 'me' } });
    expect(errorOf(bad).status).toBe(400);
  });
});
