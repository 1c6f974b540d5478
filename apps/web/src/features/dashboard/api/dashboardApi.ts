import { useDeferredValue } from 'react';
import {
  orderPaths,
  tradingStatsResponse,
  userOffersResponse,
  type TradingStats,
  type UserOffersQuery,
  type UserOffersResponse,
} from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';
import { apiErrorMessage } from '../../../lib/api/apiError.ts';
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

const { useOwnerOrdersQuery, useTradingStatsQuery } = dashboardApi;

/*
 * The dashboard's lists and stats, as their queries stand, deferred: an answer arriving re-renders its section as a
 * transition, in slices the browser can run between, instead of at once (a store update renders synchronously, and
 * half a dozen sections answering together were one long task on a phone's CPU). Until that render commits, the
 * section keeps showing what it showed, loading state included.
 */
export const useOwnerOrders = (args: OwnerOrdersArgs) => useDeferredValue(useOwnerOrdersQuery(args));
export const useTradingStats = (wallet: string) => useDeferredValue(useTradingStatsQuery(wallet));

/** The server's explanation of a refused call, or a general one. */
export const failureMessage = (error: unknown): string => apiErrorMessage(error, 'Check your connection and try again.');
