import { SWAP_HISTORY_DEFAULT_SIZE, type SwapHistoryQuery } from '@jelly/contracts';
import type { SwapFilters } from '../state/swapSlice.ts';

/** The history request for these filters and page: only the filters that are set go into the query string. */
export function swapHistoryQuery(filters: SwapFilters, page: number): SwapHistoryQuery {
  const query: SwapHistoryQuery = { Page: page, Size: SWAP_HISTORY_DEFAULT_SIZE };
  if (filters.currentCoin !== 'All') query.Asset = filters.currentCoin;
  if (filters.status !== 'All') query.Status = filters.status;
  if (filters.from) query.From = filters.from;
  if (filters.to) query.To = filters.to;
  const search = filters.searchWallet.trim();
  if (search) query.SearchWallet = search;
  return query;
}

/** Whether any filter narrows the list (the empty list then says the filters found nothing, else that there is none). */
export function swapFiltersSet(filters: SwapFilters): boolean {
  const query = swapHistoryQuery(filters, 1);
  return Object.keys(query).some((key) => key !== 'Page' && key !== 'Size');
}

/** The empty list's sentence: about the filters only when one is set. */
export function noSwapsText(filters: SwapFilters): string {
  return swapFiltersSet(filters) ? 'No swaps match these filters.' : 'No swaps yet.';
}
