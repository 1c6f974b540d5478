import { OfferSide, SortField } from '@jelly/domain';
import { describe, expect, it } from 'vitest';
import { initialListingState, listingReducer, priceFilter, toMarketQuery, type ListingState } from './listingState.ts';

const onPage3: ListingState = { ...initialListingState, page: 3 };

describe('public listing state', () => {
  it('starts on the defaults: page 1, size 10, CreatedAt descending, side Buy, every filter All', () => {
    expect(initialListingState).toEqual({
      page: 1,
      size: 10,
      sortBy: SortField.CreatedAt,
      sortDir: 1,
      side: OfferSide.Buy,
      priceFrom: '',
      currentCurrency: 'All',
      currentPayment: 'All',
      currentCoin: 'All',
    });
  });

  it.each([
    ['side', { type: 'side', side: OfferSide.Sell }, { side: OfferSide.Sell }],
    ['price-from', { type: 'priceFrom', text: '12.5' }, { priceFrom: '12.5' }],
    ['currency', { type: 'currency', code: 'EUR' }, { currentCurrency: 'EUR' }],
    ['payment', { type: 'payment', id: 'sepa' }, { currentPayment: 'sepa' }],
    ['page size', { type: 'size', size: 20 }, { size: 20 }],
    ['coin', { type: 'coin', mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' }, { currentCoin: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' }],
  ] as const)('changing the %s goes back to page 1', (_name, action, change) => {
    expect(listingReducer(onPage3, action)).toEqual({ ...onPage3, ...change, page: 1 });
  });

  it('keeps the page when nothing really changed (same side, same currency)', () => {
    expect(listingReducer(onPage3, { type: 'side', side: OfferSide.Buy })).toBe(onPage3);
    expect(listingReducer(onPage3, { type: 'currency', code: 'All' })).toBe(onPage3);
    expect(listingReducer(onPage3, { type: 'size', size: 10 })).toBe(onPage3);
  });

  it('keeps the page when only the sorting changes', () => {
    expect(listingReducer(onPage3, { type: 'sort', sortBy: SortField.Price, sortDir: 0 })).toEqual({ ...onPage3, sortBy: SortField.Price, sortDir: 0 });
  });

  it('accepts only digits with an optional decimal part as Transaction Price', () => {
    for (const accepted of ['', '2000', '2000.', '2000.5', '.5']) {
      expect(listingReducer(onPage3, { type: 'priceFrom', text: accepted }).priceFrom).toBe(accepted);
    }
    for (const refused of ['-1', '1e3', '12a', '1.2.3', '1,5', ' 1']) {
      expect(listingReducer(onPage3, { type: 'priceFrom', text: refused })).toBe(onPage3);
    }
  });

  it('clamps the page to at least 1 and a page size to at least 1', () => {
    expect(listingReducer(onPage3, { type: 'page', page: 0 }).page).toBe(1);
    expect(listingReducer(onPage3, { type: 'page', page: 7 }).page).toBe(7);
    expect(listingReducer(onPage3, { type: 'size', size: -5 }).size).toBe(1);
  });
});

describe('market query', () => {
  it('uses the wire names and lists Sell offers to a visitor who wants to buy', () => {
    expect(toMarketQuery(initialListingState)).toEqual({ Page: 1, Size: 10, SortBy: 0, Dir: 1, Side: OfferSide.Sell });
  });

  it('lists Buy offers to a visitor who wants to sell, and sends only the filters that are set', () => {
    const state: ListingState = {
      ...initialListingState,
      side: OfferSide.Sell,
      page: 2,
      sortBy: SortField.Amount,
      sortDir: 0,
      priceFrom: '0.9',
      currentCurrency: 'EUR',
      currentPayment: 'sepa',
      currentCoin: 'mint1',
    };
    expect(toMarketQuery(state)).toEqual({
      Page: 2,
      Size: 10,
      SortBy: 2,
      Dir: 0,
      Side: OfferSide.Buy,
      PriceFrom: '0.9',
      Fiat: 'EUR',
      PaymentMethod: ['sepa'],
      TokenMint: 'mint1',
    });
  });

  it('sends a readable price for half-typed values', () => {
    expect(priceFilter('')).toBeUndefined();
    expect(priceFilter('.')).toBeUndefined();
    expect(priceFilter('12.')).toBe('12');
    expect(priceFilter('.5')).toBe('0.5');
    expect(priceFilter('2000.25')).toBe('2000.25');
  });
});
