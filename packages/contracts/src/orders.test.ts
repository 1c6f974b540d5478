import { describe, expect, it } from 'vitest';
import {
  createOrderRequest,
  FIAT_AMOUNT_TOO_LARGE,
  marketQuery,
  MAX_FIAT_AMOUNT,
  priceValidationQuery,
  TOKEN_AMOUNT_TOO_LARGE,
  U64_MAX,
  updateOfferQuery,
  userOffersQuery,
} from './index.ts';

const offer = {
  amount: '100000000',
  tokenMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  fiatCode: 'eur',
  price: '0.92',
  minFiatAmount: '10',
  maxFiatAmount: '92',
  paymentMethodIds: ['sepa'],
  orderSide: 0,
  paymentWindowMinutes: 30,
};

describe('createOrderRequest', () => {
  it('accepts an offer and upper-cases codes', () => {
    const parsed = createOrderRequest.parse({ ...offer, visibleInCountries: ['de'] });
    expect(parsed.fiatCode).toBe('EUR');
    expect(parsed.visibleInCountries).toEqual(['DE']);
  });

  it('needs the offer fields only without parentOrderId', () => {
    const missing = createOrderRequest.safeParse({ amount: '1' });
    expect(missing.success).toBe(false);
    const paths = missing.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(
      ['fiatCode', 'maxFiatAmount', 'minFiatAmount', 'orderSide', 'paymentMethodIds', 'paymentWindowMinutes', 'price', 'tokenMint'].sort(),
    );
    expect(createOrderRequest.safeParse({ parentOrderId: 7, amount: '1' }).success).toBe(true);
    expect(createOrderRequest.safeParse({ parentOrderId: '7', amount: '1' }).success).toBe(true);
  });

  it('takes a premium instead of a price for a floating offer', () => {
    const { price: _price, ...rest } = offer;
    expect(createOrderRequest.safeParse({ ...rest, priceType: 'floating', premiumPercent: '-1.5' }).success).toBe(true);
    expect(createOrderRequest.safeParse({ ...rest, priceType: 'floating' }).success).toBe(false);
  });

  it.each([
    ['a decimal amount', { amount: '1.5' }],
    ['a negative price', { price: '-1' }],
    ['an exponent price', { price: '1e3' }],
    ['six methods', { paymentMethodIds: ['a', 'b', 'c', 'd', 'e', 'f'] }],
    ['side 2', { orderSide: 2 }],
    ['a bad mint', { tokenMint: '0xabc' }],
  ])('rejects %s', (_label, change) => {
    expect(createOrderRequest.safeParse({ ...offer, ...change }).success).toBe(false);
  });
});

describe('query contracts', () => {
  it('market: defaults stay undefined, lists accept repeats and commas, All means no filter', () => {
    expect(marketQuery.parse({})).toEqual({});
    expect(marketQuery.parse({ PaymentMethod: ['sepa', 'wise,revolut'], Fiat: 'all', Side: '0', SortBy: '2', Dir: '0' })).toEqual({
      PaymentMethod: ['sepa', 'wise', 'revolut'],
      Side: 0,
      SortBy: 2,
      Dir: 0,
    });
    expect(marketQuery.parse({ Page: 'x', Size: '' })).toEqual({});
    expect(marketQuery.safeParse({ Side: '3' }).success).toBe(false);
    expect(marketQuery.safeParse({ PriceFrom: '2,5' }).success).toBe(false);
  });

  it('update-offers, user offers and price validation', () => {
    expect(updateOfferQuery.parse({ orderId: '12', orderStatus: '4' })).toEqual({ orderId: 12, orderStatus: 4 });
    expect(updateOfferQuery.safeParse({ orderId: '0', orderStatus: '4' }).success).toBe(false);
    expect(userOffersQuery.parse({ Status: '', Side: '1', From: '2026-01-01', Page: '2' })).toEqual({ Side: 1, From: '2026-01-01', Page: 2 });
    expect(userOffersQuery.safeParse({ From: 'yesterday' }).success).toBe(false);
    expect(userOffersQuery.parse({ StatusGroup: 'completed', Kind: 'offers', OfferStatus: 'filled', Dir: '0' })).toEqual({
      StatusGroup: 'completed',
      Kind: 'offers',
      OfferStatus: 'filled',
      Dir: 0,
    });
    expect(userOffersQuery.parse({ StatusGroup: '', Kind: '', OfferStatus: '' })).toEqual({});
    for (const bad of [{ StatusGroup: 'done' }, { Kind: 'trades' }, { OfferStatus: 'open' }, { Dir: '2' }, { Side: '3' }, { Page: 'x' }]) {
      expect(userOffersQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    // looks like a date but is none: refused instead of rolling over into March
    expect(userOffersQuery.safeParse({ To: '2026-02-30' }).success).toBe(false);
    expect(userOffersQuery.safeParse({ To: '2026-02-28T23:59:59Z' }).success).toBe(true);
    expect(priceValidationQuery.parse({ fiatCode: 'eur', cryptoSymbol: 'sol' })).toEqual({ fiatCode: 'EUR', cryptoSymbol: 'SOL' });
  });
});

describe('createOrderRequest: amounts every listed offer can lock', () => {
  it('refuses token amounts beyond u64 (2^64 base units) and accepts u64 max', () => {
    const tooMuch = createOrderRequest.safeParse({ ...offer, orderSide: 1, amount: (2n ** 64n).toString() });
    expect(tooMuch.success).toBe(false);
    expect(tooMuch.error?.issues[0]).toMatchObject({ path: ['amount'], message: TOKEN_AMOUNT_TOO_LARGE });
    expect(createOrderRequest.safeParse({ ...offer, amount: U64_MAX.toString() }).success).toBe(true);
    expect(createOrderRequest.safeParse({ parentOrderId: 7, amount: (2n ** 64n).toString() }).success).toBe(false);
  });

  it('refuses fiat limits whose cents do not fit u64 (nor the database column)', () => {
    const tooMuch = createOrderRequest.safeParse({ ...offer, maxFiatAmount: '184467440737095516.16' });
    expect(tooMuch.error?.issues[0]).toMatchObject({ path: ['maxFiatAmount'], message: FIAT_AMOUNT_TOO_LARGE });
    expect(createOrderRequest.safeParse({ ...offer, minFiatAmount: '99999999999999999999' }).success).toBe(false);
    expect(createOrderRequest.safeParse({ ...offer, maxFiatAmount: MAX_FIAT_AMOUNT }).success).toBe(true);
  });
});
