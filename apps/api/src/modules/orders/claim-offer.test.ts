import { ORDER_MESSAGES } from './order-messages.ts';
import type { OrderDetails } from '@jelly/contracts';
import { AMOUNT_EXCEEDS_AVAILABLE } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { buyOfferBody, createOrder, errorOf, postOrder, sellerDetails, session, type Session } from './testing.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('POST /orders/create-order — claims', () => {
  let t: TestApp;
  let maker: Session;
  let taker: Session;

  beforeAll(async () => {
    // 127.0.0.1 (app.inject) is a trusted proxy here, so the CF-IPCountry header is believed.
    t = await createTestApp({ config: { trustedProxies: ['127.0.0.1'] } });
    maker = await session(t.app, createWallet());
    taker = await session(t.app, createWallet());
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (s: Session, id: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: s.headers });
    expect(response.statusCode).toBe(200);
    return response.json<OrderDetails>();
  };
  const claim = (s: Session, parentOrderId: number, amount: string, extra: object = {}, headers: object = {}) =>
    postOrder(t.app, { ...s, headers: { ...s.headers, ...headers } }, { parentOrderId, amount, ...sellerDetails(), ...extra });

  it('creates the deal In Progress and takes its amount from the offer', async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody({ orderDescription: 'Revolut preferred', tags: ['fast'] }));
    const response = await claim(taker, offerId, '40000000', { acceptorWallet: taker.wallet.address, status: 1 });
    expect(response.statusCode).toBe(200);
    const dealId = response.json<{ orderId: number }>().orderId;
    expect(dealId).not.toBe(offerId);

    const deal = await get(taker, dealId);
    const start = t.clock.now();
    expect(deal).toMatchObject({
      orderId: dealId,
      parentOrderId: offerId,
      creatorWallet: maker.wallet.address,
      acceptorWallet: taker.wallet.address,
      status: 1,
      amount: '40000000',
      totalAmount: '40000000',
      price: '0.92',
      fiatCode: 'EUR',
      fiatAmountCents: '3680',
      offerSide: 1,
      ticketId: dealId,
      orderDescription: 'Revolut preferred',
      tags: ['fast'],
      dealStartTime: start.toISOString(),
      paymentDeadline: new Date(start.getTime() + 30 * 60_000).toISOString(),
      lockedAt: null,
    });
    expect(deal.paymentMethods.map((m) => m.id)).toEqual(['sepa', 'revolut']);
    expect(deal.parentOffer).toMatchObject({ orderId: offerId, amount: '60000000', status: 0 });
  });

  it('refuses claiming your own offer, more than available, zero, and a deal', async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody());
    expect(errorOf(await claim(maker, offerId, '20000000'))).toMatchObject({ status: 403, message: 'You cannot claim your own offer.' });
    expect(errorOf(await claim(taker, offerId, '100000001'))).toMatchObject({ status: 409, message: AMOUNT_EXCEEDS_AVAILABLE });
    expect(errorOf(await claim(taker, offerId, '0'))).toMatchObject({ status: 400, message: 'Enter an amount above 0' });
    const dealId = (await claim(taker, offerId, '20000000')).json<{ orderId: number }>().orderId;
    expect(errorOf(await claim(taker, dealId, '1000000'))).toMatchObject({ status: 400, message: 'Only offers can be claimed, not deals.' });
    expect(errorOf(await claim(taker, 999_999, '1000000'))).toMatchObject({ status: 404, message: 'Offer not found.' });
    expect((await postOrder(t.app, null, { parentOrderId: offerId, amount: '1' })).statusCode).toBe(401);
  });

  it('refuses a claim between users when either has blocked the other', async () => {
    const blocker = await session(t.app, createWallet());
    const offerId = await createOrder(t.app, blocker, buyOfferBody());
    const block = await t.app.inject({
      method: 'POST',
      url: '/api/user-bans/ban',
      headers: blocker.headers,
      payload: { bannedWallet: taker.wallet.address, reason: 'Asked me to pay outside the escrow' },
    });
    expect(block.statusCode).toBeLessThan(300);
    expect(errorOf(await claim(taker, offerId, '20000000'))).toMatchObject({ status: 403, message: 'You cannot trade with this user.' });

    // The other way round: the blocked user's offer cannot be claimed by the blocker either.
    const blockedOffer = await createOrder(t.app, taker, buyOfferBody());
    expect(errorOf(await claim(blocker, blockedOffer, '20000000'))).toMatchObject({ status: 403, message: 'You cannot trade with this user.' });
    // Others are not affected.
    expect((await claim(maker, blockedOffer, '20000000')).statusCode).toBe(200);
  });

  it('checks the fiat estimate against the offer limits with the limit messages', async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody({ minFiatAmount: '10', maxFiatAmount: '50' }));
    // 10 USDC × 0.92 = 9.20 EUR < 10; 55 USDC × 0.92 = 50.60 EUR > 50.
    expect(errorOf(await claim(taker, offerId, '10000000'))).toMatchObject({
      status: 400,
      message: 'Amount is below the minimum: 10.00 EUR',
    });
    expect(errorOf(await claim(taker, offerId, '55000000'))).toMatchObject({
      status: 400,
      message: 'Amount is above the maximum: 50.00 EUR',
    });
    expect((await claim(taker, offerId, '11000000')).statusCode).toBe(200);
  });

  it('refuses fields that contradict the offer', async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody());
    expect(errorOf(await claim(taker, offerId, '20000000', { fiatCode: 'USD', orderSide: 0 }))).toMatchObject({
      status: 400,
      message: 'The claim does not match the offer: fiatCode, orderSide.',
    });
    expect(errorOf(await claim(taker, offerId, '20000000', { acceptorWallet: maker.wallet.address }))).toMatchObject({
      status: 403,
      message: 'acceptorWallet must be your own wallet.',
    });
    expect(errorOf(await claim(taker, offerId, '20000000', { status: 3 }))).toMatchObject({
      status: 400,
      message: 'A claim starts In Progress (status 1).',
    });
  });

  it("applies the offer's minimum account age", async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody({ minUserAccountAgeDays: 2 }));
    const newcomer = await session(t.app, createWallet());
    expect(errorOf(await claim(newcomer, offerId, '20000000'))).toMatchObject({
      status: 403,
      message: 'Your account must be at least 2 days old to claim this offer.',
    });
    t.clock.advance(2 * DAY + 1000);
    const later = await session(t.app, newcomer.wallet); // the old access token has expired meanwhile
    expect((await claim(later, offerId, '20000000')).statusCode).toBe(200);
    maker = await session(t.app, maker.wallet);
    taker = await session(t.app, taker.wallet);
  });

  it('applies regions when a trusted proxy reports the country, and fails closed when unknown', async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody({ visibleInCountries: ['DE', 'AT'] }));
    expect(errorOf(await claim(taker, offerId, '20000000', {}, { 'cf-ipcountry': 'FR' }))).toMatchObject({
      status: 403,
      message: 'This offer is not available in your country.',
    });
    expect((await claim(taker, offerId, '20000000', {}, { 'cf-ipcountry': 'de' })).statusCode).toBe(200);
    for (const headers of [{ 'cf-ipcountry': 'XX' }, {}]) {
      expect(errorOf(await claim(taker, offerId, '20000000', {}, headers))).toMatchObject({ status: 403, message: ORDER_MESSAGES.regionUnknown });
    }
  });

  it('refuses claims on an offer that is no longer active', async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody());
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/update-offers?orderId=${offerId}&orderStatus=4`,
      headers: maker.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(errorOf(await claim(taker, offerId, '20000000'))).toMatchObject({ status: 409, message: 'This offer is no longer active.' });
  });

  it('never over-fills an offer: 50 simultaneous claims of 3 on an offer of 100', async () => {
    const offerId = await createOrder(
      t.app,
      maker,
      buyOfferBody({ amount: '100000000', minFiatAmount: '0', maxFiatAmount: '0' }),
    );
    const takers = await Promise.all(Array.from({ length: 50 }, () => session(t.app, createWallet())));
    const responses = await Promise.all(takers.map((s) => claim(s, offerId, '3000000')));
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(33);
    for (const r of refused) expect(errorOf(r)).toMatchObject({ status: 409, message: AMOUNT_EXCEEDS_AVAILABLE });

    const offer = await get(maker, offerId);
    expect(offer.amount).toBe('1000000');
    const deals = await t.app.inject({
      method: 'GET',
      url: `/api/platform/all-user-offers/${maker.wallet.address}?Size=100`,
      headers: maker.headers,
    });
    const dealRows = deals.json<{ orders: OrderDetails[] }>().orders.filter((o) => o.parentOrderId === offerId);
    expect(dealRows).toHaveLength(33);
    expect(dealRows.reduce((sum, d) => sum + BigInt(d.amount), 0n) + BigInt(offer.amount)).toBe(100_000_000n);
    expect(new Set(dealRows.map((d) => d.ticketId)).size).toBe(33);
  });
});
