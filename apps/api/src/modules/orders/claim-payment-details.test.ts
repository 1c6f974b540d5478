import type { PaymentDetailsResponse } from '@jelly/contracts';
import { MAX_PAYMENT_DETAILS_LENGTH, OrderStatus, PAYMENT_DETAILS_MESSAGES as M } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeal } from '../../../test/helpers/chat-deals.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { offerPaymentDetails, orders } from '../../db/schema/index.ts';
import { buyOfferBody, createOrder, errorOf, postOrder, session, type Session } from './testing.ts';

// A Buy offer's claimer sells: they give their payment details with the claim, stored with the deal (not the offer),
// and the offer's creator (the buyer) reads them under the same rule as a Sell offer's buyer.
const IBAN = 'IBAN DE89 3704 0044 0532 0130 00 · Sam Seller';
const REVOLUT = '@sam-seller';

describe("payment details of a Buy offer's claimer", () => {
  let t: TestApp;
  let buyer: Session;
  let seller: Session;
  let otherSeller: Session;
  let stranger: Session;
  let admin: Session;
  const adminWallet = createWallet();

  beforeAll(async () => {
    t = await createTestApp({ config: { adminWallets: new Set([adminWallet.address]) } });
    [buyer, seller, otherSeller, stranger, admin] = await Promise.all([
      session(t.app, createWallet()),
      session(t.app, createWallet()),
      session(t.app, createWallet()),
      session(t.app, createWallet()),
      session(t.app, adminWallet),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (s: Session, orderId: number) =>
    t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/payment-details`, headers: s.headers });
  // Admins read them only through the back office's audited door.
  const readAsAdmin = (s: Session, orderId: number) =>
    t.app.inject({ method: 'GET', url: `/api/admin/disputes/${orderId}/payment-details`, headers: s.headers });
  const claim = (s: Session, offerId: number, paymentDetails?: unknown) =>
    postOrder(t.app, s, { parentOrderId: offerId, amount: '20000000', ...(paymentDetails === undefined ? {} : { paymentDetails }) });
  const setDeal = (dealId: number, status: OrderStatus, lockedAt: Date | null) =>
    t.app.db.update(orders).set({ status, lockedAt }).where(eq(orders.orderId, dealId));
  const dealsOf = (s: Session) => t.app.db.select().from(orders).where(eq(orders.acceptorWallet, s.wallet.address));

  it('stores them with the deal and shows them to the buyer once the crypto is locked, never cached', async () => {
    const offerId = await createOrder(t.app, buyer, buyOfferBody());
    const response = await claim(seller, offerId, [
      { paymentMethodId: 'sepa', details: `  ${IBAN} ` },
      { paymentMethodId: 'revolut', details: REVOLUT },
    ]);
    expect(response.statusCode).toBe(200);
    const dealId = response.json<{ orderId: number }>().orderId;
    const stored = await t.app.db.select().from(offerPaymentDetails).where(eq(offerPaymentDetails.offerId, dealId));
    expect(stored.map((r) => [r.paymentMethodId, r.details]).sort()).toEqual([['revolut', REVOLUT], ['sepa', IBAN]]);

    // In Progress: the seller sees their own; the buyer is told to wait (409).
    expect((await read(seller, dealId)).json<PaymentDetailsResponse>().entries).toHaveLength(2);
    expect(errorOf(await read(buyer, dealId))).toMatchObject({ status: 409, message: M.notYet });

    await setDeal(dealId, OrderStatus.CryptoGuyLockedCrypto, t.clock.now());
    const locked = await read(buyer, dealId);
    expect(locked.statusCode).toBe(200);
    expect(locked.headers['cache-control']).toBe('no-store');
    expect(locked.json<PaymentDetailsResponse>()).toEqual({
      orderId: dealId,
      entries: [
        { paymentMethodId: 'sepa', paymentMethodName: expect.any(String), details: IBAN },
        { paymentMethodId: 'revolut', paymentMethodName: expect.any(String), details: REVOLUT },
      ],
    });
    // The offer itself carries none: each claimer's details stay with their own deal.
    expect((await read(buyer, offerId)).json<PaymentDetailsResponse>().entries).toEqual([]);
  });

  it('keeps each deal to its own claimer, and from strangers; admins only in a dispute', async () => {
    const offerId = await createOrder(t.app, buyer, buyOfferBody());
    const first = (await claim(seller, offerId, [{ paymentMethodId: 'sepa', details: IBAN }])).json<{ orderId: number }>().orderId;
    const second = (await claim(otherSeller, offerId, [{ paymentMethodId: 'revolut', details: REVOLUT }])).json<{ orderId: number }>().orderId;
    await setDeal(first, OrderStatus.CryptoGuyLockedCrypto, t.clock.now());
    await setDeal(second, OrderStatus.CryptoGuyLockedCrypto, t.clock.now());

    expect((await read(buyer, first)).json<PaymentDetailsResponse>().entries.map((e) => e.details)).toEqual([IBAN]);
    expect((await read(buyer, second)).json<PaymentDetailsResponse>().entries.map((e) => e.details)).toEqual([REVOLUT]);
    expect(errorOf(await read(otherSeller, first))).toMatchObject({ status: 403, message: M.notAParty });
    expect(errorOf(await read(stranger, first))).toMatchObject({ status: 403, message: M.notAParty });
    expect(errorOf(await read(admin, first))).toMatchObject({ status: 403, message: M.notAParty });
    expect(errorOf(await readAsAdmin(admin, first))).toMatchObject({ status: 403, message: M.adminOnlyInDispute });

    await setDeal(first, OrderStatus.AdminResolving, t.clock.now());
    expect((await readAsAdmin(admin, first)).json<PaymentDetailsResponse>().entries.map((e) => e.details)).toEqual([IBAN]);
    await setDeal(first, OrderStatus.Completed, t.clock.now());
    expect(errorOf(await read(buyer, first))).toMatchObject({ status: 403, message: M.dealEnded });
    expect((await read(seller, first)).statusCode).toBe(200);
  });

  it.each([
    ['missing', undefined, M.claimNeedsDetails],
    ['as an empty list', [], M.claimNeedsDetails],
    ['for a method the offer does not have', [{ paymentMethodId: 'wise', details: IBAN }], M.unknownMethod],
    [
      'twice for one method',
      [
        { paymentMethodId: 'sepa', details: IBAN },
        { paymentMethodId: 'sepa', details: 'again' },
      ],
      M.duplicateMethod,
    ],
  ])('refuses details %s (400, no deal, nothing stored)', async (_case, details, message) => {
    const offerId = await createOrder(t.app, buyer, buyOfferBody());
    const claimer = await session(t.app, createWallet());
    expect(errorOf(await claim(claimer, offerId, details))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message });
    expect(await dealsOf(claimer)).toEqual([]);
  });

  it('refuses details that are too long, blank or not a list, without echoing them', async () => {
    const offerId = await createOrder(t.app, buyer, buyOfferBody());
    const claimer = await session(t.app, createWallet());
    const secret = 'Y'.repeat(MAX_PAYMENT_DETAILS_LENGTH + 1);
    const tooLong = await claim(claimer, offerId, [{ paymentMethodId: 'sepa', details: secret }]);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(`at most ${MAX_PAYMENT_DETAILS_LENGTH} characters`);
    expect(tooLong.body).not.toContain(secret);
    expect((await claim(claimer, offerId, [{ paymentMethodId: 'sepa', details: '  ' }])).statusCode).toBe(400);
    expect((await claim(claimer, offerId, 'IBAN please')).statusCode).toBe(400);
    expect(await dealsOf(claimer)).toEqual([]);
  });

  it("lets the seller of a deal claimed without details add them once, never replace them; nobody else", async () => {
    // A claim from before details were required: a Locked deal of a Buy offer with none stored.
    const { dealId } = await insertDeal(t.app.db, { creator: buyer.wallet.address, acceptor: seller.wallet.address, offerSide: 1 });
    await t.app.db.update(orders).set({ paymentMethodIds: ['sepa', 'revolut'] }).where(eq(orders.orderId, dealId));
    await setDeal(dealId, OrderStatus.CryptoGuyLockedCrypto, t.clock.now());
    const put = (s: Session, entries: unknown) =>
      t.app.inject({ method: 'PUT', url: `/api/orders/${dealId}/payment-details`, headers: s.headers, payload: { entries } });
    expect((await read(buyer, dealId)).json<PaymentDetailsResponse>().entries).toEqual([]);

    expect(errorOf(await put(buyer, [{ paymentMethodId: 'sepa', details: IBAN }]))).toMatchObject({ status: 403, message: M.onlySellerGives });
    expect(errorOf(await put(stranger, [{ paymentMethodId: 'sepa', details: IBAN }]))).toMatchObject({ status: 403, message: M.onlySellerGives });
    expect(errorOf(await put(seller, []))).toMatchObject({ status: 400, message: M.claimNeedsDetails });
    expect(errorOf(await put(seller, [{ paymentMethodId: 'wise', details: IBAN }]))).toMatchObject({ status: 400, message: M.unknownMethod });

    // Concurrent adds: one wins, the rest find details given (409); the buyer sees the winner's.
    const attempts = await Promise.all(
      [IBAN, REVOLUT, 'third', 'fourth', 'fifth'].map((details) => put(seller, [{ paymentMethodId: 'sepa', details }])),
    );
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = attempts.find((r) => r.statusCode === 200)!.json<PaymentDetailsResponse>().entries;
    expect(winner).toHaveLength(1);
    expect(attempts.filter((r) => r.statusCode === 409).map((r) => errorOf(r).message)).toEqual(Array(4).fill(M.dealDetailsGiven));
    expect((await read(buyer, dealId)).json<PaymentDetailsResponse>().entries).toEqual(winner);

    expect(errorOf(await put(seller, [{ paymentMethodId: 'revolut', details: REVOLUT }]))).toMatchObject({ status: 409, message: M.dealDetailsGiven });
    expect((await read(buyer, dealId)).json<PaymentDetailsResponse>().entries).toEqual(winner);

    const ended = await insertDeal(t.app.db, { creator: buyer.wallet.address, acceptor: seller.wallet.address, offerSide: 1, status: OrderStatus.Expired });
    await t.app.db.update(orders).set({ paymentMethodIds: ['sepa'] }).where(eq(orders.orderId, ended.dealId));
    const late = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${ended.dealId}/payment-details`,
      headers: seller.headers,
      payload: { entries: [{ paymentMethodId: 'sepa', details: IBAN }] },
    });
    expect(errorOf(late)).toMatchObject({ status: 409, message: M.dealEndedNoDetails });
  });

  it("refuses details on a Sell offer's claim: the claimer buys (400, no deal)", async () => {
    const maker = await session(t.app, createWallet());
    const { offerId } = await insertDeal(t.app.db, { creator: maker.wallet.address, acceptor: stranger.wallet.address, offerSide: 0 });
    await t.app.db.update(orders).set({ paymentMethodIds: ['sepa'] }).where(eq(orders.orderId, offerId));
    const claimer = await session(t.app, createWallet());
    const response = await claim(claimer, offerId, [{ paymentMethodId: 'sepa', details: IBAN }]);
    expect(errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: M.claim });
    expect(await dealsOf(claimer)).toEqual([]);
  });
});
