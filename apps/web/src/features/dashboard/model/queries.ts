import type { UserOffersQuery } from '@jelly/contracts';
import { OWNER_ORDERS_PAGE_SIZE, type DashboardTab, type DealStatusGroup } from '@jelly/domain';
import type { AdFilters, OrderFilters, SideChoice } from '../state/dashboardSlice.ts';

/** The status tabs list deals by group; All lists every deal. */
export const TAB_STATUS_GROUP: Readonly<Record<DashboardTab, DealStatusGroup | undefined>> = {
  All: undefined,
  Processing: 'processing',
  Completed: 'completed',
  Cancelled: 'cancelled',
};

/** Running deals shown at the top in one list (the API's largest page). */
export const ACTIVE_DEALS_SIZE = 50;

/** Ad history: an offer's Buy / Sell is its side. */
const SIDE: Readonly<Record<SideChoice, 0 | 1 | undefined>> = { all: undefined, buy: 1, sell: 0 };
/** Order history: a deal's Buy / Sell is the trader's role in it (claiming a Sell offer is buying). */
const ROLE: Readonly<Record<SideChoice, UserOffersQuery['Role']>> = { all: undefined, buy: 'buyer', sell: 'seller' };

/** Dir 1: newest first. */
const NEWEST_FIRST = 1;

export const activeDealsQuery: UserOffersQuery = { Kind: 'deals', StatusGroup: 'processing', Dir: NEWEST_FIRST, Page: 1, Size: ACTIVE_DEALS_SIZE };

/** The order history's query: deals only, newest first, 8 a page, each filter only when set. */
export function orderHistoryQuery(filters: OrderFilters, page: number): UserOffersQuery {
  const query: UserOffersQuery = { Kind: 'deals', Dir: NEWEST_FIRST, Page: page, Size: OWNER_ORDERS_PAGE_SIZE };
  const group = TAB_STATUS_GROUP[filters.tab];
  if (group) query.StatusGroup = group;
  // By the name the rows show: the API matches it whatever the mint, so no mint list lives here.
  if (filters.token) query.TokenName = filters.token;
  if (filters.fiat) query.FiatCode = filters.fiat;
  const role = ROLE[filters.side];
  if (role) query.Role = role;
  if (filters.from) query.From = filters.from;
  if (filters.to) query.To = filters.to;
  return query;
}

/** The ad history's query: the wallet's own offers, newest first, 8 a page. */
export function adHistoryQuery(filters: AdFilters, page: number): UserOffersQuery {
  const query: UserOffersQuery = { Kind: 'offers', Dir: NEWEST_FIRST, Page: page, Size: OWNER_ORDERS_PAGE_SIZE };
  if (filters.asset !== 'All') query.TokenName = filters.asset;
  const side = SIDE[filters.side];
  if (side !== undefined) query.Side = side;
  if (filters.status !== 'all') query.OfferStatus = filters.status;
  return query;
}
