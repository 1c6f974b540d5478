import {
  adminSwapUpdate,
  deskInventory,
  swapHistoryResponse,
  swapPaths,
  swapQuote,
  swapQuoteRequest,
  swapRecord,
  swapSubmitRequest,
  swapSubmitResponse,
  type AdminSwapUpdate,
  type DeskInventory,
  type SwapHistoryQuery,
  type SwapHistoryResponse,
  type SwapQuote,
  type SwapQuoteRequest,
  type SwapRecord,
  type SwapSubmitRequest,
  type SwapSubmitResponse,
} from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';
import { SWAPS_TAG } from '../../../lib/realtime/cacheUpdates.ts';

/**
 * The swap's server data. Every list of swaps carries the swaps tag: the realtime `swap.updated` event and every
 * submit or admin edit invalidate it, so a swap that lands on chain moves in every list without polling.
 */
export const swapApi = api.enhanceEndpoints({ addTagTypes: [SWAPS_TAG, 'Desk'] }).injectEndpoints({
  endpoints: (build) => ({
    /** POST /swap/quote: a firm quote from the desk with the transaction for the wallet to sign. */
    swapQuote: build.query<SwapQuote, SwapQuoteRequest>({
      query: (request) => ({ url: swapPaths.quote, method: 'POST', body: swapQuoteRequest.parse(request) }),
      responseSchema: swapQuote,
      // A quote is good for seconds: an old one is never shown again to a new subscriber.
      keepUnusedDataFor: 0,
    }),
    /** POST /swap/submit: the wallet-signed quote transaction; the server co-signs, sends and records it. */
    submitSwap: build.mutation<SwapSubmitResponse, SwapSubmitRequest>({
      query: (request) => ({ url: swapPaths.submit, method: 'POST', body: swapSubmitRequest.parse(request) }),
      responseSchema: swapSubmitResponse,
      invalidatesTags: [SWAPS_TAG, 'Desk'],
    }),
    /** GET /swaps/{id} (owner or admin). */
    swapById: build.query<SwapRecord, number>({
      query: (id) => swapPaths.swap(id),
      responseSchema: swapRecord,
      providesTags: [SWAPS_TAG],
    }),
    /** GET /swaps: the caller's swap history, filtered and paged. */
    swapHistory: build.query<SwapHistoryResponse, SwapHistoryQuery>({
      query: (params) => ({ url: swapPaths.history, params }),
      responseSchema: swapHistoryResponse,
      providesTags: [SWAPS_TAG],
    }),
    /** GET /admin/swaps: every swap, same filters. */
    adminSwaps: build.query<SwapHistoryResponse, SwapHistoryQuery>({
      query: (params) => ({ url: swapPaths.adminSwaps, params }),
      responseSchema: swapHistoryResponse,
      providesTags: [SWAPS_TAG],
    }),
    /** PATCH /admin/swaps/{id}: an admin corrects a record (the reason goes to the audit log). */
    updateAdminSwap: build.mutation<SwapRecord, { id: number; update: AdminSwapUpdate }>({
      query: ({ id, update }) => ({ url: swapPaths.adminSwap(id), method: 'PATCH', body: adminSwapUpdate.parse(update) }),
      responseSchema: swapRecord,
      invalidatesTags: [SWAPS_TAG, 'Desk'],
    }),
    /** GET /admin/desk: the desk's live inventory. */
    adminDesk: build.query<DeskInventory, void>({
      query: () => swapPaths.adminDesk,
      responseSchema: deskInventory,
      providesTags: ['Desk'],
    }),
  }),
});

export const {
  useSwapQuoteQuery,
  useSubmitSwapMutation,
  useSwapByIdQuery,
  useSwapHistoryQuery,
  useAdminSwapsQuery,
  useUpdateAdminSwapMutation,
  useAdminDeskQuery,
} = swapApi;
