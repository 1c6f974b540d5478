import {
  jellyAdminQueueResponse,
  jellyCoinsResponse,
  jellyListResponse,
  jellyOrder,
  jellyQuote,
} from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';
import { COIN_JELLY_ORDER_TAG, COIN_JELLY_ORDERS_TAG } from '../../../lib/realtime/cacheUpdates.ts';
import {
  coinJellyPaths,
  type ConfirmJellyDepositRequest,
  type CreateJellyRequest,
  type JellyAdminQueueResponse,
  type JellyChoiceRequest,
  type JellyCoinsResponse,
  type JellyHistoryQuery,
  type JellyListResponse,
  type JellyOrder,
  type JellyQuote,
  type JellyQuoteQuery,
  type JellyUserOrdersQuery,
  type ReserveJellyRequest,
  type UpdateJellyRequest,
} from './contract.ts';

/**
 * Coin Jelly's server data. An order carries its own tag (a pushed Coin Jelly notification invalidates it, and the
 * open screens poll it as a fallback); every list carries the list tag.
 */
export const coinJellyApi = api.enhanceEndpoints({ addTagTypes: [COIN_JELLY_ORDER_TAG, COIN_JELLY_ORDERS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** The coins and chains the desk exchanges. */
    coinJellyCoins: build.query<JellyCoinsResponse, void>({
      query: () => coinJellyPaths.coins,
      responseSchema: jellyCoinsResponse,
    }),
    /** Both amounts, the desk's maximum and the rate's expiry, from one of the two amounts. */
    coinJellyQuote: build.query<JellyQuote, JellyQuoteQuery>({
      query: (params) => ({ url: coinJellyPaths.quote, params: { ...params } }),
      responseSchema: jellyQuote,
    }),
    /** Reserves the order and its personal deposit address with the quote. */
    reserveCoinJelly: build.mutation<JellyOrder, ReserveJellyRequest>({
      query: (body) => ({ url: coinJellyPaths.reserve, method: 'POST', body }),
      responseSchema: jellyOrder,
      invalidatesTags: [COIN_JELLY_ORDERS_TAG],
    }),
    /** 'I have sent the funds': records the user's swap; the identical request twice answers 409. */
    createJelly: build.mutation<unknown, CreateJellyRequest & { orderId: number }>({
      query: ({ orderId: _orderId, ...body }) => ({ url: coinJellyPaths.createJelly, method: 'POST', body }),
      invalidatesTags: (_result, _error, { orderId }) => [{ type: COIN_JELLY_ORDER_TAG, id: orderId }, COIN_JELLY_ORDERS_TAG],
    }),
    coinJellyOrder: build.query<JellyOrder, number>({
      query: (id) => coinJellyPaths.order(id),
      responseSchema: jellyOrder,
      providesTags: (_result, _error, id) => [{ type: COIN_JELLY_ORDER_TAG, id }],
    }),
    /** Exchange at the current rate or refund, after an under-, over- or late payment, or a moved rate. */
    chooseJellyOutcome: build.mutation<unknown, JellyChoiceRequest & { id: number }>({
      query: ({ id, choice }) => ({ url: coinJellyPaths.choice(id), method: 'POST', body: { choice } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: COIN_JELLY_ORDER_TAG, id }, COIN_JELLY_ORDERS_TAG],
    }),
    /** Look again now: the order's waiting payout or refund runs at once (after the wallet opened the token account). */
    checkJellyAccount: build.mutation<JellyOrder, number>({
      query: (id) => ({ url: coinJellyPaths.checkAccount(id), method: 'POST' }),
      responseSchema: jellyOrder,
      invalidatesTags: (_result, _error, id) => [{ type: COIN_JELLY_ORDER_TAG, id }, COIN_JELLY_ORDERS_TAG],
    }),
    /** The signed-in wallet's orders. */
    coinJellyUserOrders: build.query<JellyListResponse, JellyUserOrdersQuery>({
      query: (params) => ({ url: coinJellyPaths.userOrders, params: { ...params } }),
      responseSchema: jellyListResponse,
      providesTags: [COIN_JELLY_ORDERS_TAG],
    }),
    /** Every order (admins). */
    jellyHistory: build.query<JellyListResponse, JellyHistoryQuery>({
      query: (params) => ({ url: coinJellyPaths.jellyHistory, params: { ...params } }),
      responseSchema: jellyListResponse,
      providesTags: [COIN_JELLY_ORDERS_TAG],
    }),
    /** Orders waiting for an admin (oldest first), then deposits no order could take. */
    coinJellyAdminQueue: build.query<JellyAdminQueueResponse, void>({
      query: () => coinJellyPaths.adminQueue,
      responseSchema: jellyAdminQueueResponse,
      providesTags: [COIN_JELLY_ORDERS_TAG],
    }),
    /** An admin confirms what arrived at a deposit address off Solana. */
    confirmJellyDeposit: build.mutation<unknown, ConfirmJellyDepositRequest>({
      query: (body) => ({ url: coinJellyPaths.confirmDeposit, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: COIN_JELLY_ORDER_TAG, id }, COIN_JELLY_ORDERS_TAG],
    }),
    updateJelly: build.mutation<unknown, UpdateJellyRequest>({
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
  useCheckJellyAccountMutation,
  useCoinJellyUserOrdersQuery,
  useJellyHistoryQuery,
  useCoinJellyAdminQueueQuery,
  useConfirmJellyDepositMutation,
  useUpdateJellyMutation,
} = coinJellyApi;
