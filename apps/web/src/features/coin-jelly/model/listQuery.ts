import { exclusiveEndDate, swapStatusFilterValue, type SwapStatusFilter } from '@jelly/domain';
import type { JellyListQuery } from '../api/contract.ts';

export const COIN_JELLY_PAGE_SIZE = 20;
export const COIN_JELLY_DEFAULT_SORT_BY = 0;
export const COIN_JELLY_DEFAULT_DIR = 1;

export interface JellyListInput {
  page: number;
  size: number;
  sortBy: number;
  dir: number;
  asset: string;
  status: SwapStatusFilter;
  dateFrom: string;
  dateTo: string;
  searchWallet: string;
}

/**
 * The list query as the server reads it: Asset and Status are left out for All, the end date is sent as the next
 * day (an exclusive end, so the whole chosen day counts), and an empty wallet search is not sent.
 */
export function jellyListQuery(input: JellyListInput): JellyListQuery {
  const query: JellyListQuery = { Page: input.page, Size: input.size, SortBy: input.sortBy, Dir: input.dir };
  if (input.asset !== 'All') query.Asset = input.asset;
  const status = swapStatusFilterValue(input.status);
  if (status !== undefined) query.Status = status;
  if (input.dateFrom) query.DateFrom = input.dateFrom;
  if (input.dateTo) query.DateTo = exclusiveEndDate(input.dateTo);
  const wallet = input.searchWallet.trim();
  if (wallet) query.SearchWallet = wallet;
  return query;
}
