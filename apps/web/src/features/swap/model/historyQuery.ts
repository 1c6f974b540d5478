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
