import { describe, expect, it } from 'vitest';
import { dealPrice, floatingPrice, formatDealPrice, marketPriceFromUsd, offerDealPrice, validatedMarketPrice } from './deal-price.ts';

const fixed = { price: '0.92', priceType: 'fixed', premiumPercent: null } as const;
const floating = { price: '0.9', priceType: 'floating', premiumPercent: '2.5' } as const;

describe('deal price', () => {
  it.each([
    ['a fixed offer ignores the live price', fixed, '0.77', { price: '0.92', live: false, showListedPriceNote: false }],
    ['a fixed offer without a live price', fixed, null, { price: '0.92', live: false, showListedPriceNote: false }],
    ['a floating offer follows the market with its premium', floating, '0.8', { price: '0.82', live: true, showListedPriceNote: false }],
    ['a negative premium', { ...floating, premiumPercent: '-2.5' }, '0.8', { price: '0.78', live: true, showListedPriceNote: false }],
    ['rounds to 8 decimals half-up', { ...floating, premiumPercent: '1' }, '0.333333333', { price: '0.33666667', live: true, showListedPriceNote: false }],
    ['a floating offer without a live price uses its listed price, with the note', floating, null, { price: '0.9', live: false, showListedPriceNote: true }],
    ['no note while the lookup is pending', floating, undefined, { price: '0.9', live: false, showListedPriceNote: false }],
    ['a floating offer with no premium stored is priced as listed', { ...floating, premiumPercent: null }, '0.8', { price: '0.9', live: false, showListedPriceNote: false }],
  ] as const)('%s', (_name, offer, market, expected) => {
    expect(dealPrice(offer, market)).toEqual(expected);
  });

  it('shows every digit of a price, at least two', () => {
    expect(formatDealPrice('0.9')).toBe('0.90');
    expect(formatDealPrice('0.9430943')).toBe('0.9430943');
    expect(formatDealPrice('150')).toBe('150.00');
  });

  it('computes the market price as the server does: usd × rate, 8 decimals half-up', () => {
    expect(marketPriceFromUsd('1.0001', '0.92')).toBe('0.920092');
    expect(marketPriceFromUsd('150.123456789', '0.5')).toBe('75.06172839');
    expect(marketPriceFromUsd('0', '0.92')).toBeNull();
    expect(marketPriceFromUsd('1', '-1')).toBeNull();
    expect(marketPriceFromUsd('n/a', '1')).toBeNull();
  });

  it('refuses a premium that leaves no positive price or is not a number', () => {
    expect(floatingPrice('0.92', '0')).toBe('0.92');
    expect(floatingPrice('0.92', '-100')).toBeNull();
    expect(floatingPrice('0.92', '-150')).toBeNull();
    expect(floatingPrice('0.92', 'x')).toBeNull();
    expect(floatingPrice('0.92', '1e3')).toBeNull();
  });
});

describe('the live price in a price lookup', () => {
  const validation = { fiatCode: 'EUR', cryptoSymbol: 'USDC', cryptoPriceUsd: 1.0001, fiatToUsdRate: 0.92 };

  it.each([
    ['the rate matches', validation, '0.920092'],
    ['codes compare case-insensitively', { ...validation, fiatCode: 'eur', cryptoSymbol: 'usdc' }, '0.920092'],
    ['string numbers from the wire', { ...validation, cryptoPriceUsd: '150.25', fiatToUsdRate: '2' }, '300.5'],
    ['rate 0', { ...validation, fiatToUsdRate: 0 }, null],
    ['USD price 0', { ...validation, cryptoPriceUsd: 0 }, null],
    ['other fiat', { ...validation, fiatCode: 'USD' }, null],
    ['other crypto', { ...validation, cryptoSymbol: 'SOL' }, null],
    ['unreadable number', { ...validation, fiatToUsdRate: 'n/a' }, null],
    ['lookup failed', null, null],
    ['not loaded yet', undefined, undefined],
  ] as const)('%s', (_name, v, expected) => {
    expect(validatedMarketPrice(v, 'EUR', 'USDC')).toBe(expected);
  });

  it('prices an offer from its lookup', () => {
    const offer = { ...floating, fiatCode: 'EUR', tokenName: 'USDC' };
    expect(offerDealPrice(offer, validation)).toEqual({ price: '0.9430943', live: true, showListedPriceNote: false });
    expect(offerDealPrice({ ...fixed, fiatCode: 'EUR', tokenName: 'USDC' }, validation).price).toBe('0.92');
    expect(offerDealPrice(offer, { ...validation, fiatCode: 'GBP' })).toEqual({ price: '0.9', live: false, showListedPriceNote: true });
  });
});
