import { api } from '../../../lib/api/api.ts';
import { COIN_JELLY_ORDER_TAG, COIN_JELLY_ORDERS_TAG } from '../../../lib/realtime/cacheUpdates.ts';
import {
  coinJellyPaths,
  type AdminQueueResponse,
  type CoinsResponse,
  type CreateJellyRequest,
  type JellyChoice,
  type JellyListQuery,
  type JellyListResponse,
  type JellyOrder,
  type Quote,
  type QuoteQuery,
  type ReserveRequest,
  type UpdateJellyRequest,
} from './contract.ts';

/**
 * Coin Jelly's server data. An order carries its own tag (the realtime socket invalidates it on each stage change,
 * and the Confirm&Fund modal polls it meanwhile); every list carries the list tag.
 */
export const coinJellyApi = api.enhanceEndpoints({ addTagTypes: [COIN_JELLY_ORDER_TAG, COIN_JELLY_ORDERS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** The coins and chains the desk exchanges. */
    coinJellyCoins: build.query<CoinsResponse, void>({
      query: () => coinJellyPaths.coins,
    }),
    /** Both amounts, the desk's maximum and the rate's expiry for one of the two amounts. */
    coinJellyQuote: build.query<Quote, QuoteQuery>({
      query: (params) => ({ url: coinJellyPaths.quote, params: { ...params } }),
    }),
    /** Reserves the order and its personal deposit address with the quote. */
    reserveCoinJelly: build.mutation<JellyOrder, ReserveRequest>({
      query: (body) => ({ url: coinJellyPaths.reserve, method: 'POST', body }),
      invalidatesTags: [COIN_JELLY_ORDERS_TAG],
    }),
    /** 'I have sent the funds': records the user's swap; the identical request twice answers 409. */
    createJelly: build.mutation<JellyOrder, CreateJellyRequest & { orderId: number }>({
      query: ({ orderId: _orderId, ...body }) => ({ url: coinJellyPaths.createJelly, method: 'POST', body }),
      invalidatesTags: (_result, _error, { orderId }) => [{ type: COIN_JELLY_ORDER_TAG, id: orderId }, COIN_JELLY_ORDERS_TAG],
    }),
    coinJellyOrder: build.query<JellyOrder, number>({
      query: (id) => coinJellyPaths.order(id),
      providesTags: (_result, _error, id) => [{ type: COIN_JELLY_ORDER_TAG, id }],
    }),
    /** Exchange at the current rate or refund, after an under-, over- or late payment. */
    chooseJellyOutcome: build.mutation<JellyOrder, { id: number; choice: JellyChoice }>({
      query: ({ id, choice }) => ({ url: coinJellyPaths.choice(id), method: 'POST', body: { choice } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: COIN_JELLY_ORDER_TAG, id }, COIN_JELLY_ORDERS_TAG],
    }),
    /** The signed-in wallet's orders. */
    coinJellyUserOrders: build.query<JellyListResponse, JellyListQuery & { userWallet: string }>({
      query: (params) => ({ url: coinJellyPaths.userOrders, params: { ...params } }),
      providesTags: [COIN_JELLY_ORDERS_TAG],
    }),
    /** Every order (admins). */
    jellyHistory: build.query<JellyListResponse, JellyListQuery>({
      query: (params) => ({ url: coinJellyPaths.jellyHistory, params: { ...params } }),
      providesTags: [COIN_JELLY_ORDERS_TAG],
    }),
    /** Orders waiting for an admin, oldest deadline first. */
    coinJellyAdminQueue: build.query<AdminQueueResponse, void>({
      query: () => coinJellyPaths.adminQueue,
      providesTags: [COIN_JELLY_ORDERS_TAG],
    }),
    updateJelly: build.mutation<JellyOrder, UpdateJellyRequest>({
      query: (body) => ({ url: coinJellyPaths.updateJelly, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: COIN_JELLY_ORDER_TAG, id }, COIN_JELLY_ORDERS_TAG],
    }),
  }),
});

export const {
  useCoinJellyCoinsQuery,
  useCoinJellyQuoteQuery,
  useReserveCoinJellyMutation,
  useCreateJellyMutation,
  useCoinJellyOrderQuery,
  useChooseJellyOutcomeMutation,
  useCoinJellyUserOrdersQuery,
  useJellyHistoryQuery,
  useCoinJellyAdminQueueQuery,
  useUpdateJellyMutation,
} = coinJellyApi;
