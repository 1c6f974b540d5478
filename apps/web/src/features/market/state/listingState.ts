import type { MarketQuery } from '@jelly/contracts';
import {
  clampPage,
  clampPageSize,
  DECIMAL_INPUT_PATTERN,
  OfferSide,
  PUBLIC_OFFERS_DEFAULT_SIDE,
  PUBLIC_OFFERS_DEFAULT_SORT_BY,
  PUBLIC_OFFERS_DEFAULT_SORT_DIR,
  PUBLIC_OFFERS_PAGE_SIZE,
  withFilterChange,
  type SortField,
} from '@jelly/domain';

/** 'All' in the Currency and payment filters. */
export const ALL = 'All';

/**
 * The public listing state: page, size, sortBy, sortDir, side, priceFrom, currentCurrency,
 * currentPayment, currentCoin.
 *
 * `side` is what the VISITOR wants to do — Buy (1, the default, 'I want to buy') or Sell (0, 'I want to sell').
 * The API's `Side` filters by the OFFER's side, so a visitor who wants to buy sees Sell offers (Side=0) and one
 * who wants to sell sees Buy offers (Side=1); see `toMarketQuery`.
 */
export interface ListingState {
  page: number;
  size: number;
  sortBy: SortField;
  /** 1 descending, 0 ascending. */
  sortDir: 0 | 1;
  side: OfferSide;
  /** Transaction Price: offers priced at or above it ('' = any). */
  priceFrom: string;
  /** A currency code or 'All'. */
  currentCurrency: string;
  /** A payment method id or 'All'. */
  currentPayment: string;
  /** A token mint or 'All'. */
  currentCoin: string;
}

export const initialListingState: ListingState = {
  page: 1,
  size: PUBLIC_OFFERS_PAGE_SIZE,
  sortBy: PUBLIC_OFFERS_DEFAULT_SORT_BY as SortField,
  sortDir: PUBLIC_OFFERS_DEFAULT_SORT_DIR as 0 | 1,
  side: PUBLIC_OFFERS_DEFAULT_SIDE as OfferSide,
  priceFrom: '',
  currentCurrency: ALL,
  currentPayment: ALL,
  currentCoin: ALL,
};

export const PAGE_SIZES = [10, 20, 50] as const;

export type ListingAction =
  | { type: 'side'; side: OfferSide }
  | { type: 'priceFrom'; text: string }
  | { type: 'currency'; code: string }
  | { type: 'payment'; id: string }
  | { type: 'coin'; mint: string }
  | { type: 'size'; size: number }
  | { type: 'sort'; sortBy: SortField; sortDir: 0 | 1 }
  | { type: 'page'; page: number };

/**
 * Filter changes follow the paging rule: changing side, price-from, currency, payment or page size (and
 * the coin, a filter like the others) goes back to page 1. Sorting keeps the page: it reorders what the user is already looking at.
 * A Transaction Price that is not digits with an optional decimal part is ignored.
 */
export function listingReducer(state: ListingState, action: ListingAction): ListingState {
  switch (action.type) {
    case 'side':
      return action.side === state.side ? state : withFilterChange(state, { side: action.side });
    case 'priceFrom':
      if (!DECIMAL_INPUT_PATTERN.test(action.text) || action.text === state.priceFrom) return state;
      return withFilterChange(state, { priceFrom: action.text });
    case 'currency':
      return action.code === state.currentCurrency ? state : withFilterChange(state, { currentCurrency: action.code });
    case 'payment':
      return action.id === state.currentPayment ? state : withFilterChange(state, { currentPayment: action.id });
    case 'coin':
      return action.mint === state.currentCoin ? state : withFilterChange(state, { currentCoin: action.mint });
    case 'size': {
      const size = clampPageSize(action.size, PUBLIC_OFFERS_PAGE_SIZE);
      return size === state.size ? state : withFilterChange(state, { size });
    }
    case 'sort':
      return { ...state, sortBy: action.sortBy, sortDir: action.sortDir };
    case 'page':
      return { ...state, page: clampPage(action.page) };
  }
}

/** The offer side the market must list for what the visitor wants to do. */
export function offerSideFor(visitorSide: OfferSide): OfferSide {
  return visitorSide === OfferSide.Buy ? OfferSide.Sell : OfferSide.Buy;
}

/** A price filter the API can read: '12.' → '12', '.5' → '0.5', '' or '.' → none. */
export function priceFilter(text: string): string | undefined {
  if (!/\d/.test(text)) return undefined;
  const [whole = '', fraction = ''] = text.split('.');
  return fraction ? `${whole || '0'}.${fraction}` : whole;
}

/** Query of GET /platform/all-new-offers(-unath) for a listing state, with the wire parameter names. */
export function toMarketQuery(state: ListingState): MarketQuery {
  const query: MarketQuery = {
    Page: state.page,
    Size: state.size,
    SortBy: state.sortBy,
    Dir: state.sortDir,
    Side: offerSideFor(state.side),
  };
  const price = priceFilter(state.priceFrom);
  if (price !== undefined) query.PriceFrom = price;
  if (state.currentCurrency !== ALL) query.Fiat = state.currentCurrency;
  if (state.currentPayment !== ALL) query.PaymentMethod = [state.currentPayment];
  if (state.currentCoin !== ALL) query.TokenMint = state.currentCoin;
  return query;
}
