import { MARKET_COUNT_CAP, MARKET_MAX_PAGE_SIZE, type MarketFilters } from '@jelly/contracts';
import type {
  SortField} from '@jelly/domain';
import {
  PUBLIC_OFFERS_DEFAULT_SORT_BY,
  PUBLIC_OFFERS_DEFAULT_SORT_DIR,
  PUBLIC_OFFERS_PAGE_SIZE,
  clampPage,
  clampPageSize,
} from '@jelly/domain';

export interface MarketPage {
  page: number;
  size: number;
  offset: number;
  sortBy: SortField;
  descending: boolean;
}

/**
 * Paging and sorting of a market query: page ≥ 1, 1 ≤ size ≤ 100 (default 10), and never deeper than the count
 * cap (page × size ≤ 1,000 + size), so no request walks further than the capped total it was shown.
 */
export function marketPage(filters: Pick<MarketFilters, 'Page' | 'Size' | 'SortBy' | 'Dir'>): MarketPage {
  const size = Math.min(MARKET_MAX_PAGE_SIZE, clampPageSize(filters.Size, PUBLIC_OFFERS_PAGE_SIZE));
  const lastPage = Math.max(1, Math.ceil(MARKET_COUNT_CAP / size));
  const page = Math.min(lastPage, clampPage(filters.Page));
  const sortBy = (filters.SortBy ?? PUBLIC_OFFERS_DEFAULT_SORT_BY) as SortField;
  const descending = (filters.Dir ?? PUBLIC_OFFERS_DEFAULT_SORT_DIR) === 1;
  return { page, size, offset: (page - 1) * size, sortBy, descending };
}
