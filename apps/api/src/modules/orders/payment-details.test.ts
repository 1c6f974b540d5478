import type { PaymentDetailsResponse } from '@jelly/contracts';
import { MAX_PAYMENT_DETAILS_LENGTH, OrderStatus, PAYMENT_DETAILS_MESSAGES as M } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeal } from '../../../test/helpers/chat-deals.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { adminAuditLog, offerPaymentDetails, orders } from '../../db/schema/index.ts';
import { buyOfferBody, errorOf, postOrder, session, type Session } from './testing.ts';

// Sell offers need an on-chain balance; these tests write the offer and its deal straight into the database and test
// the reading rules (payment-details-chain.test.ts runs the whole flow on a localnet).
const IBAN = 'IBAN DE89 3704 0044 0532 0130 00 · Alice Example';
const REVOLUT = '@alice-example';

describe('payment details', () => {
  let t: TestApp;
  let seller: Session;
  let buyer: Session;
  let stranger: Session;
  let admin: Session;
  const adminWallet = createWallet();

  beforeAll(async () => {
    t = await createTestApp({ config: { adminWallets: new Set([adminWallet.address]) } });
    [seller, buyer, stranger, admin] = await Promise.all([
      session(t.app, createWallet()),
      session(t.app, createWallet()),
      session(t.app, createWallet()),
      session(t.app, adminWallet),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (s: Session | null, orderId: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/payment-details`, headers: s?.headers ?? {} });

  /** A Sell offer by the seller with details for SEPA and Revolut (of three methods), and a deal of the buyer on it. */
  async function dealWithDetails(status: OrderStatus, lockedAt: Date | null) {
    const { offerId, dealId } = await insertDeal(t.app.db, { creator: seller.wallet.address, acceptor: buyer.wallet.address, status });
    const methods = ['revolut', 'wise', 'sepa'];
    await t.app.db.update(orders).set({ paymentMethodIds: methods }).where(eq(orders.parentOrderId, offerId));
    await t.app.db.update(orders).set({ paymentMethodIds: methods }).where(eq(orders.orderId, offerId));
    await t.app.db.update(orders).set({ lockedAt }).where(eq(orders.orderId, dealId));
    const createdAt = t.clock.now();
    await t.app.db.insert(offerPaymentDetails).values([
      { offerId, paymentMethodId: 'sepa', details: IBAN, createdAt },
      { offerId, paymentMethodId: 'revolut', details: REVOLUT, createdAt },
    ]);
    return { offerId, dealId };
  }

  it("shows the buyer the seller's details once the crypto is locked, in the offer's method order, never cached", async () => {
    const { dealId } = await dealWithDetails(OrderStatus.CryptoGuyLockedCrypto, t.clock.now());
    const response = await read(buyer, dealId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<PaymentDetailsResponse>()).toEqual({
      orderId: dealId,
      entries: [
        { paymentMethodId: 'revolut', paymentMethodName: 'Revolut', details: REVOLUT },
        { paymentMethodId: 'sepa', paymentMethodName: 'SEPA', details: IBAN },
      ],
    });
  });

  it('keeps them from the buyer before the lock (409) and after the deal ends (403), and from strangers (403)', async () => {
    const before = await dealWithDetails(OrderStatus.InProgress, null);
    expect(errorOf(await read(buyer, before.dealId))).toMatchObject({ status: 409, message: M.notYet });
    expect(errorOf(await read(stranger, before.dealId))).toMatchObject({ status: 403, message: M.notAParty });

    const disputedUnlocked = await dealWithDetails(OrderStatus.AdminResolving, null);
    expect(errorOf(await read(buyer, disputedUnlocked.dealId))).toMatchObject({ status: 409, message: M.notYet });

    for (const status of [OrderStatus.Completed, OrderStatus.Cancelled, OrderStatus.Expired, OrderStatus.AdminResolved]) {
      const ended = await dealWithDetails(status, t.clock.now());
      expect(errorOf(await read(buyer, ended.dealId))).toMatchObject({ status: 403, message: M.dealEnded });
    }
    const locked = await dealWithDetails(OrderStatus.SignedByOneParty, t.clock.now());
    expect(errorOf(await read(stranger, locked.dealId))).toMatchObject({ status: 403, message: M.notAParty });
    expect(errorOf(await read(stranger, locked.offerId))).toMatchObject({ status: 403, message: M.notTheCreator });
  });

  const readAsAdmin = (s: Session, orderId: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/disputes/${orderId}/payment-details`, headers: s.headers });
  const viewsAudited = async (dealId: number) =>
    (await t.app.db.select().from(adminAuditLog).where(eq(adminAuditLog.orderId, dealId))).filter((row) => row.action === 'payment_details_viewed');

  it('shows them to the creator always; an admin reads them through the admin door, only during a dispute, each read audited', async () => {
    const { offerId, dealId } = await dealWithDetails(OrderStatus.CryptoGuyLockedCrypto, t.clock.now());
    expect((await read(seller, offerId)).json<PaymentDetailsResponse>().entries).toHaveLength(2);
    expect((await read(seller, dealId)).json<PaymentDetailsResponse>().entries).toHaveLength(2);
    expect(errorOf(await readAsAdmin(admin, dealId))).toMatchObject({ status: 403, message: M.adminOnlyInDispute });
    expect(errorOf(await readAsAdmin(admin, offerId))).toMatchObject({ status: 403, message: M.notTheCreator });
    expect(errorOf(await readAsAdmin(admin, 999_999))).toMatchObject({ status: 404 });
    // Not the admins' door for anyone else.
    expect((await readAsAdmin(buyer, dealId)).statusCode).toBe(403);
    expect(await viewsAudited(dealId)).toEqual([]);

    await t.app.db.update(orders).set({ status: OrderStatus.AdminResolving }).where(eq(orders.orderId, dealId));
    const answer = await readAsAdmin(admin, dealId);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json<PaymentDetailsResponse>().entries.map((e) => e.details)).toEqual([REVOLUT, IBAN]);
    // The parties' door does not serve an admin who is no party: no read escapes the audit log.
    expect(errorOf(await read(admin, dealId))).toMatchObject({ status: 403, message: M.notAParty });
    const audited = await viewsAudited(dealId);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actor: adminWallet.address, subject: String(dealId), details: { methods: ['revolut', 'sepa'] } });

    await t.app.db.update(orders).set({ status: OrderStatus.AdminResolved }).where(eq(orders.orderId, dealId));
    expect(errorOf(await readAsAdmin(admin, dealId))).toMatchObject({ status: 403, message: M.adminOnlyInDispute });
    expect(await viewsAudited(dealId)).toHaveLength(1);
  });

  it('answers 401 without a token, 404 for no order, 400 for a bad id', async () => {
    expect((await read(null, 1)).statusCode).toBe(401);
    expect(errorOf(await read(buyer, 999_999))).toMatchObject({ status: 404 });
    expect((await read(buyer, 'abc')).statusCode).toBe(400);
    expect((await read(buyer, 0)).statusCode).toBe(400);
  });

  it('never travels with the offer, the deal, the market or the notifications', async () => {
    const { offerId, dealId } = await dealWithDetails(OrderStatus.CryptoGuyLockedCrypto, t.clock.now());
    const bodies = await Promise.all([
      t.app.inject({ method: 'GET', url: `/api/orders/${offerId}`, headers: stranger.headers }),
      t.app.inject({ method: 'GET', url: `/api/orders/${dealId}`, headers: buyer.headers }),
      t.app.inject({ method: 'GET', url: '/api/platform/all-new-offers-unath', query: { Side: '0', Size: '100' } }),
      t.app.inject({ method: 'GET', url: `/api/platform/all-user-offers/${seller.wallet.address}`, headers: seller.headers }),
      t.app.inject({ method: 'GET', url: '/api/Notification', headers: buyer.headers }),
    ]);
    // the offer is listed (so the market answer was a real one)
    expect(bodies[2]?.body).toContain(`"orderId":${offerId}`);
    for (const response of bodies) {
      expect(response.statusCode).toBeLessThan(300);
      expect(response.body).not.toContain('DE89');
      expect(response.body).not.toContain(REVOLUT);
    }
  });
});

describe("PUT /orders/{offerId}/payment-details: the creator replaces them", () => {
  let t: TestApp;
  let seller: Session;
  let buyer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    [seller, buyer] = await Promise.all([session(t.app, createWallet()), session(t.app, createWallet())]);
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (s: Session | null, orderId: number | string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/payment-details`, headers: s?.headers ?? {}, payload: payload as object });
  const stored = async (offerId: number) =>
    (await t.app.db.select().from(offerPaymentDetails).where(eq(offerPaymentDetails.offerId, offerId))).map((r) => [r.paymentMethodId, r.details]);

  /** A Sell offer (methods sepa, revolut) with SEPA details, and a locked deal of the buyer on it. */
  async function lockedDeal(creator = seller) {
    const ids = await insertDeal(t.app.db, { creator: creator.wallet.address, acceptor: buyer.wallet.address, status: OrderStatus.CryptoGuyLockedCrypto });
    await t.app.db.update(orders).set({ paymentMethodIds: ['sepa', 'revolut'] }).where(eq(orders.orderId, ids.offerId));
    await t.app.db.update(orders).set({ paymentMethodIds: ['sepa', 'revolut'], lockedAt: t.clock.now() }).where(eq(orders.orderId, ids.dealId));
    await t.app.db.insert(offerPaymentDetails).values({ offerId: ids.offerId, paymentMethodId: 'sepa', details: IBAN, createdAt: t.clock.now() });
    return ids;
  }

  it('replaces them all, and the buyer of a running deal sees the new ones', async () => {
    const { offerId, dealId } = await lockedDeal();
    const response = await put(seller, offerId, { entries: [{ paymentMethodId: 'revolut', details: ` ${REVOLUT} ` }] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<PaymentDetailsResponse>()).toEqual({
      orderId: offerId,
      entries: [{ paymentMethodId: 'revolut', paymentMethodName: 'Revolut', details: REVOLUT }],
    });
    expect(await stored(offerId)).toEqual([['revolut', REVOLUT]]);
    const seen = await t.app.inject({ method: 'GET', url: `/api/orders/${dealId}/payment-details`, headers: buyer.headers });
    expect(seen.json<PaymentDetailsResponse>().entries.map((e) => e.details)).toEqual([REVOLUT]);

    expect((await put(seller, offerId, { entries: [] })).json<PaymentDetailsResponse>().entries).toEqual([]);
    expect(await stored(offerId)).toEqual([]);
  });

  it('refuses anyone but the creator, a deal, a Buy offer and bad entries, leaving what was stored', async () => {
    const { offerId, dealId } = await lockedDeal();
    const one = (paymentMethodId: string, details = 'x') => ({ entries: [{ paymentMethodId, details }] });
    expect(errorOf(await put(buyer, offerId, one('revolut')))).toMatchObject({ status: 403, message: M.onlyCreatorChanges });
    expect(errorOf(await put(seller, dealId, one('revolut')))).toMatchObject({ status: 400, message: M.offerOnly });
    expect(errorOf(await put(seller, offerId, one('wise')))).toMatchObject({ status: 400, message: M.unknownMethod });
    expect(errorOf(await put(seller, offerId, { entries: [one('sepa').entries[0], one('sepa').entries[0]] }))).toMatchObject({
      status: 400,
      message: M.duplicateMethod,
    });
    expect((await put(seller, offerId, one('sepa', 'y'.repeat(MAX_PAYMENT_DETAILS_LENGTH + 1)))).statusCode).toBe(400);
    expect((await put(seller, offerId, {})).statusCode).toBe(400);
    expect(errorOf(await put(seller, 999_999, one('sepa')))).toMatchObject({ status: 404 });
    expect((await put(null, offerId, one('sepa'))).statusCode).toBe(401);
    expect(await stored(offerId)).toEqual([['sepa', IBAN]]);

    const buyOffer = await insertDeal(t.app.db, { creator: seller.wallet.address, acceptor: buyer.wallet.address, offerSide: 1 });
    await t.app.db.update(orders).set({ paymentMethodIds: ['sepa'] }).where(eq(orders.orderId, buyOffer.offerId));
    expect(errorOf(await put(seller, buyOffer.offerId, one('sepa')))).toMatchObject({ status: 400, message: M.sellOffersOnly });
    expect(await stored(buyOffer.offerId)).toEqual([]);
  });

  it('limits each wallet to 10 changes a minute (429), the last accepted change kept', async () => {
    const busy = await session(t.app, createWallet());
    const { offerId } = await lockedDeal(busy);
    for (let i = 1; i <= 10; i += 1) {
      expect((await put(busy, offerId, { entries: [{ paymentMethodId: 'sepa', details: `account ${i}` }] })).statusCode).toBe(200);
    }
    const refused = await put(busy, offerId, { entries: [{ paymentMethodId: 'sepa', details: 'account 11' }] });
    expect(refused.statusCode).toBe(429);
    expect(await stored(offerId)).toEqual([['sepa', 'account 10']]);
  });
});

describe('payment details on a new offer: refusals', () => {
  let t: TestApp;
  let maker: Session;

  beforeAll(async () => {
    t = await createTestApp();
    maker = await session(t.app, createWallet());
  });
  afterAll(async () => {
    await t.close();
  });

  const sellBody = (paymentDetails: unknown) => buyOfferBody({ orderSide: 0, paymentDetails } as object);
  const storedDetails = () => t.app.db.select().from(offerPaymentDetails);

  it.each([
    ['on a Buy offer', buyOfferBody({ paymentDetails: [{ paymentMethodId: 'sepa', details: IBAN }] }), M.sellOffersOnly],
    ['for a method the offer does not have', sellBody([{ paymentMethodId: 'wise', details: IBAN }]), M.unknownMethod],
    [
      'twice for one method',
      sellBody([
        { paymentMethodId: 'sepa', details: IBAN },
        { paymentMethodId: 'sepa', details: 'again' },
      ]),
      M.duplicateMethod,
    ],
  ])('refuses details %s (400, nothing stored)', async (_case, body, message) => {
    expect(errorOf(await postOrder(t.app, maker, body))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message });
    expect(await storedDetails()).toEqual([]);
  });

  it('refuses details that are too long, blank or too many, without echoing them', async () => {
    const secret = 'X'.repeat(MAX_PAYMENT_DETAILS_LENGTH + 1);
    const tooLong = await postOrder(t.app, maker, sellBody([{ paymentMethodId: 'sepa', details: secret }]));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(`at most ${MAX_PAYMENT_DETAILS_LENGTH} characters`);
    expect(tooLong.body).not.toContain(secret);

    expect((await postOrder(t.app, maker, sellBody([{ paymentMethodId: 'sepa', details: '   ' }]))).statusCode).toBe(400);
    const six = ['sepa', 'revolut', 'wise', 'paypal', 'zelle', 'pix'].map((id) => ({ paymentMethodId: id, details: 'x' }));
    expect((await postOrder(t.app, maker, sellBody(six))).statusCode).toBe(400);
    expect((await postOrder(t.app, maker, sellBody('not a list'))).statusCode).toBe(400);
    expect(await storedDetails()).toEqual([]);
  });
});
