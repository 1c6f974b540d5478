import type { CreateOrderRequest, Order, OrderDetails, PriceValidationResponse } from '@jelly/contracts';
import { acceptClaimInput, claimQuote, fromBaseUnits, offerDealPrice, toBaseUnits } from '@jelly/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { PriceFeedUnavailableError } from '../prices/index.ts';
import { buyOfferBody, createOrder, errorOf, postOrder, sellerDetails, session, type Session, USDT_MINT } from './testing.ts';

/**
 * One price from claim to deal: the Claim Offer modal's figures come from the same domain functions the web runs
 * (offerDealPrice on GET /platform/price-validation, claimQuote), and every claim it allows the server accepts at
 * exactly the fiat it showed, and every claim it refuses the server refuses.
 * The bundled feed prices USDT at 1.000115 USD and GBP at 0.773358 per USD: a live price of 0.77344693 GBP.
 */
describe('claim price: the web estimate is the deal', () => {
  let t: TestApp;
  let reader: Session;

  beforeAll(async () => {
    t = await createTestApp();
    reader = await session(t.app, createWallet());
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A 1000 USDT offer in GBP by a new maker (each wallet may create only a few orders a minute). */
  const gbpOffer = async (overrides: Partial<CreateOrderRequest>): Promise<number> => {
    const maker = await session(t.app, createWallet());
    return createOrder(t.app, maker, buyOfferBody({ tokenMint: USDT_MINT, fiatCode: 'GBP', amount: '1000000000', ...overrides }));
  };

  /** An offer (anyone may read it) or a deal (read by its party `as`). */
  const readOffer = async (id: number, as: Session = reader): Promise<OrderDetails> =>
    (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: as.headers })).json<OrderDetails>();

  /** What the web's price lookup answers: the body, or null on any failure (the web then uses the listed price). */
  const lookup = async (offer: Order): Promise<PriceValidationResponse | null> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/platform/price-validation?fiatCode=${offer.fiatCode}&cryptoSymbol=${offer.tokenName}`,
    });
    return response.statusCode === 200 ? response.json<PriceValidationResponse>() : null;
  };

  /** The Claim Offer modal: whether Confirm is enabled, the price and the estimate it shows. */
  const webQuote = async (offer: Order, amountText: string) => {
    const input = acceptClaimInput(amountText, fromBaseUnits(BigInt(offer.amount), offer.tokenDecimal), offer.tokenDecimal);
    const price = offerDealPrice(offer, await lookup(offer));
    const quote = claimQuote({
      amountText,
      available: fromBaseUnits(BigInt(offer.amount), offer.tokenDecimal),
      price: price.price,
      fiatCode: offer.fiatCode,
      minFiatAmount: offer.minFiatAmount,
      maxFiatAmount: offer.maxFiatAmount,
    });
    const refusal = input.accepted ? quote.limitError : (input.error ?? null);
    return { allowed: input.accepted && !quote.confirmDisabled, refusal, price: price.price, quote };
  };

  const offers: [string, Partial<CreateOrderRequest>][] = [
    ['fixed, minimum only', { price: '0.891', minFiatAmount: '20', maxFiatAmount: '0' }],
    ['fixed, both bounds', { price: '0.891', minFiatAmount: '20', maxFiatAmount: '50' }],
    ['fixed, no bounds', { price: '1.3333', minFiatAmount: '0', maxFiatAmount: '0' }],
    ['floating +15%, both bounds', { priceType: 'floating', premiumPercent: '15', price: undefined, minFiatAmount: '20', maxFiatAmount: '50' }],
    ['floating -3.5%, maximum only', { priceType: 'floating', premiumPercent: '-3.5', price: undefined, minFiatAmount: '0', maxFiatAmount: '40' }],
  ];
  // Around 20 and 50 GBP at 0.77 (the live price), 0.891 (the fixed one) and 0.889 (live + 15%), and past available.
  const amounts = ['1', '22.44', '22.45', '22.5', '25', '25.85', '26', '50', '56.11', '56.12', '56.25', '64.6', '65', '200', '5000'];

  it.each(offers)('%s: every claim the web allows the server makes at the fiat shown, and only those', async (_name, body) => {
    const offerId = await gbpOffer(body);
    const outcomes = new Set<boolean>();
    for (const amountText of amounts) {
      const offer = await readOffer(offerId);
      const web = await webQuote(offer, amountText);
      const taker = await session(t.app, createWallet());
      const response = await postOrder(t.app, taker, {
        parentOrderId: offerId,
        amount: toBaseUnits(amountText, offer.tokenDecimal).toString(),
        quotedPrice: web.price,
        ...sellerDetails(),
      });
      expect({ amountText, allowed: response.statusCode === 200 }).toEqual({ amountText, allowed: web.allowed });
      outcomes.add(web.allowed);
      if (response.statusCode !== 200) {
        expect(errorOf(response).status).toBeLessThan(500);
        if (web.refusal) expect(errorOf(response).message).toBe(web.refusal);
        continue;
      }
      const deal = await readOffer(response.json<{ orderId: number }>().orderId, taker);
      expect({ amountText, cents: deal.fiatAmountCents, price: deal.price }).toEqual({
        amountText,
        cents: web.quote.estimatedCents.toString(),
        price: web.price,
      });
    }
    // Each offer's sweep crosses its bounds: some claims are made, some refused.
    expect([...outcomes].sort()).toEqual([false, true]);
  });

  it('prices a fixed offer at its listed price even when the market is 15% below it', async () => {
    const offer = await readOffer(await gbpOffer(({ price: '0.891', minFiatAmount: '20', maxFiatAmount: '0' })));
    // The old estimate (25 × 0.77 = 19.34) refused this claim; at the listed price it is 22.28 GBP.
    const web = await webQuote(offer, '25');
    expect(web).toMatchObject({ allowed: true, price: '0.891', quote: { estimatedFiat: '22.28' } });
  });

  it('freezes a floating price on the deal: repricing the market later does not move it', async () => {
    const offerId = await gbpOffer(({ priceType: 'floating', premiumPercent: '15', price: undefined, minFiatAmount: '0', maxFiatAmount: '0' }));
    const web = await webQuote(await readOffer(offerId), '10');
    const taker = await session(t.app, createWallet());
    const dealId = (await postOrder(t.app, taker, { parentOrderId: offerId, amount: '10000000', quotedPrice: web.price, ...sellerDetails() })).json<{ orderId: number }>().orderId;
    vi.spyOn(t.app.priceFeed, 'cryptoUsd').mockResolvedValue({ value: '2', asOf: t.clock.now() });
    const deal = await readOffer(dealId, taker);
    expect(deal).toMatchObject({ price: web.price, fiatAmountCents: web.quote.estimatedCents.toString() });
    expect(web.price).toBe('0.88946398');
  });

  it('uses the listed price on both sides while the feed is down', async () => {
    const offerId = await gbpOffer(({ priceType: 'floating', premiumPercent: '15', price: undefined, minFiatAmount: '0', maxFiatAmount: '0' }));
    const listed = (await readOffer(offerId)).price;
    vi.spyOn(t.app.priceFeed, 'cryptoUsd').mockRejectedValue(new PriceFeedUnavailableError('down'));
    const offer = await readOffer(offerId);
    expect(offerDealPrice(offer, await lookup(offer))).toEqual({ price: listed, live: false, showListedPriceNote: true });
    const web = await webQuote(offer, '10');
    const taker = await session(t.app, createWallet());
    const response = await postOrder(t.app, taker, { parentOrderId: offerId, amount: '10000000', quotedPrice: web.price, ...sellerDetails() });
    expect(response.statusCode).toBe(200);
    expect(await readOffer(response.json<{ orderId: number }>().orderId, taker)).toMatchObject({ price: listed, fiatAmountCents: web.quote.estimatedCents.toString() });
  });

  it('refuses (409) a claim whose price moved since it was shown, and takes nothing from the offer', async () => {
    const offerId = await gbpOffer(({ priceType: 'floating', premiumPercent: '0', price: undefined, minFiatAmount: '0', maxFiatAmount: '0' }));
    const web = await webQuote(await readOffer(offerId), '10');
    vi.spyOn(t.app.priceFeed, 'cryptoUsd').mockResolvedValue({ value: '1.1', asOf: t.clock.now() });
    const taker = await session(t.app, createWallet());
    const stale = await postOrder(t.app, taker, { parentOrderId: offerId, amount: '10000000', quotedPrice: web.price, ...sellerDetails() });
    expect(errorOf(stale)).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'The price has changed to 0.8506938 GBP per USDT: this claim now comes to 8.51 GBP. Check the new total and confirm again.',
    });
    expect(stale.json<{ error: { details: unknown } }>().error.details).toEqual({ price: '0.8506938', fiatAmountCents: '851' });
    expect((await readOffer(offerId)).amount).toBe('1000000000');
    const mine = await t.app.inject({ method: 'GET', url: `/api/platform/all-user-offers/${taker.wallet.address}`, headers: taker.headers });
    expect(mine.json<{ orders: unknown[] }>().orders).toHaveLength(0);

    // Quoted again at the new price, the same claim goes through at exactly that total.
    const again = await webQuote(await readOffer(offerId), '10');
    const response = await postOrder(t.app, taker, { parentOrderId: offerId, amount: '10000000', quotedPrice: again.price, ...sellerDetails() });
    expect(response.statusCode).toBe(200);
    expect(await readOffer(response.json<{ orderId: number }>().orderId, taker)).toMatchObject({ price: '0.8506938', fiatAmountCents: '851' });
  });

  it('refuses a quoted price that is not the listed price of a fixed offer, and quoted prices that are not prices', async () => {
    const offerId = await gbpOffer(({ price: '0.891', minFiatAmount: '0', maxFiatAmount: '0' }));
    const taker = await session(t.app, createWallet());
    const claim = (quotedPrice: unknown) => postOrder(t.app, taker, { parentOrderId: offerId, amount: '10000000', quotedPrice, ...sellerDetails() });
    // The old web estimate at the live price.
    expect(errorOf(await claim('0.77344693'))).toMatchObject({ status: 409, code: 'CONFLICT' });
    for (const bad of ['abc', '-1', '1e3', '', 0.891, null]) {
      expect(errorOf(await claim(bad))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    }
    expect((await readOffer(offerId)).amount).toBe('1000000000');
    // The same price written differently is the same price.
    expect((await claim('0.89100')).statusCode).toBe(200);
  });
});
