import { exclusiveEndDate, swapStatusFilterValue, type SwapStatus, type SwapStatusFilter } from '@jelly/domain';
import type { JellyHistoryQuery, JellyUserOrdersQuery } from '../api/contract.ts';

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

interface Filters {
  asset?: string;
  status?: SwapStatus;
  dateFrom?: string;
  dateTo?: string;
  searchWallet?: string;
}

/**
 * The filters as the server reads them: Asset and Status are left out for All, the end date is sent as the next
 * day (an exclusive end, so the whole chosen day counts), and an empty wallet search is not sent.
 */
function filters(input: JellyListInput): Filters {
  const out: Filters = {};
  if (input.asset !== 'All') out.asset = input.asset;
  const status = swapStatusFilterValue(input.status);
  if (status !== undefined) out.status = status;
  if (input.dateFrom) out.dateFrom = input.dateFrom;
  if (input.dateTo) out.dateTo = exclusiveEndDate(input.dateTo);
  const wallet = input.searchWallet.trim();
  if (wallet) out.searchWallet = wallet;
  return out;
}

/** GET /coin-jelly/user-orders: the user orders query's own names (Page, Size, SortBy, Dir, userWallet, Asset, …). */
export function userOrdersQuery(input: JellyListInput, userWallet: string): JellyUserOrdersQuery {
  const f = filters(input);
  const query: JellyUserOrdersQuery = { Page: input.page, Size: input.size, SortBy: input.sortBy, Dir: input.dir, userWallet };
  if (f.asset) query.Asset = f.asset;
  if (f.status !== undefined) query.Status = f.status;
  if (f.dateFrom) query.DateFrom = f.dateFrom;
  if (f.dateTo) query.DateTo = f.dateTo;
  if (f.searchWallet) query.SearchWallet = f.searchWallet;
  return query;
}

/** GET /coin-jelly/jelly-history (admins). */
export function historyQuery(input: JellyListInput): JellyHistoryQuery {
  return { page: input.page, size: input.size, sortBy: input.sortBy, dir: input.dir, ...filters(input) };
}
