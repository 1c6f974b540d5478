import {
  orderPaths,
  tradingStatsResponse,
  userOffersResponse,
  type TradingStats,
  type UserOffersQuery,
  type UserOffersResponse,
} from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';
import { OWNER_ORDERS_TAG } from '../../../lib/realtime/cacheUpdates.ts';

export interface OwnerOrdersArgs {
  wallet: string;
  /** Only the filters that are set: an unset filter is left out of the query string. */
  query: UserOffersQuery;
}

/**
 * The dashboard's server data. Every list and the stats carry the owner-orders tag, which the realtime socket
 * invalidates on each order.status event, so a deal that moves refreshes the screen without polling.
 */
export const dashboardApi = api.enhanceEndpoints({ addTagTypes: [OWNER_ORDERS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /platform/all-user-offers/{wallet}: the wallet's deals and offers, filtered and paged. */
    ownerOrders: build.query<UserOffersResponse, OwnerOrdersArgs>({
      query: ({ wallet, query }) => ({ url: orderPaths.userOffers(wallet), params: query }),
      responseSchema: userOffersResponse,
      providesTags: [OWNER_ORDERS_TAG],
    }),
    /** GET /platform/trading-stats/{wallet}: the wallet's own stats card. */
    tradingStats: build.query<TradingStats, string>({
      query: (wallet) => orderPaths.tradingStats(wallet),
      responseSchema: tradingStatsResponse,
      providesTags: [OWNER_ORDERS_TAG],
    }),
  }),
});

export const { useOwnerOrdersQuery, useTradingStatsQuery } = dashboardApi;

/** The server's message of a failed call ({ error: { message } }), or a general one. */
export function failureMessage(error: unknown): string {
  const data = (error as { data?: { error?: { message?: unknown } } } | undefined)?.data;
  const message = data?.error?.message;
  return typeof message === 'string' && message ? message : 'Check your connection and try again.';
}
