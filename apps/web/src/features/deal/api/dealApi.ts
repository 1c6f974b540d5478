import {
  dealPaths,
  orderDetailsResponse,
  orderPaths,
  orderReviewStatusResponse,
  ratingPaths,
  ratingResponse,
  ratingSummaryResponse,
  retryPayoutResponse,
  supportPaths,
  supportRequestResponse,
  type OrderDetails,
  type OrderReviewStatusResponse,
  type RatingRequest,
  type RatingResponse,
  type RatingSummary,
  type RetryPayoutResponse,
  type SupportRequest,
  type SupportRequestResponse,
} from '@jelly/contracts';
import type { OrderStatus } from '@jelly/domain';
import { api } from '../../../lib/api/api.ts';

/**
 * The deal page's server data: the deal itself, the counterparty's summary, reviews, and the Support Request (sent by
 * its action). The database cancel is shared with the market: lib/api/orderCancelApi.
 */
export const dealApi = api.enhanceEndpoints({ addTagTypes: ['Deal', 'DealReviewStatus'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /orders/{orderId}: the deal with its offer (parties and admins only). */
    dealOrder: build.query<OrderDetails, number>({
      query: (orderId) => orderPaths.order(orderId),
      responseSchema: orderDetailsResponse,
      providesTags: (_result, _error, orderId) => [{ type: 'Deal', id: orderId }],
    }),
    /** GET /rating/{wallet}/summary: 'N Trades | Mon YYYY'. */
    ratingSummary: build.query<RatingSummary, string>({
      query: (wallet) => ratingPaths.summary(wallet),
      responseSchema: ratingSummaryResponse,
    }),
    /** GET /rating/order/{orderId}/status: who of the two parties has reviewed. */
    orderReviewStatus: build.query<OrderReviewStatusResponse, number>({
      query: (orderId) => ratingPaths.orderStatus(orderId),
      responseSchema: orderReviewStatusResponse,
      providesTags: (_result, _error, orderId) => [{ type: 'DealReviewStatus', id: orderId }],
    }),
    /** POST /rating (the success modal's review). */
    submitRating: build.mutation<RatingResponse, RatingRequest>({
      query: (body) => ({ url: ratingPaths.rating, method: 'POST', body }),
      responseSchema: ratingResponse,
      invalidatesTags: (_result, _error, body) => (body.dealId == null ? [] : [{ type: 'DealReviewStatus', id: Number(body.dealId) }]),
    }),
    /** POST /deals/{orderId}/payout/retry: the recipient opened their token account; the waiting payout goes now. */
    retryPayout: build.mutation<RetryPayoutResponse, number>({
      query: (orderId) => ({ url: dealPaths.retryPayout(orderId), method: 'POST' }),
      responseSchema: retryPayoutResponse,
      invalidatesTags: (_result, _error, orderId) => [{ type: 'Deal', id: orderId }],
    }),
    /** POST /platform/call-tg-bot: the Support Request; the server moves the deal to AdminResolving. */
    supportRequest: build.mutation<SupportRequestResponse, SupportRequest>({
      query: (body) => ({ url: supportPaths.callTgBot, method: 'POST', body }),
      responseSchema: supportRequestResponse,
    }),
  }),
});

export const {
  useDealOrderQuery,
  useRatingSummaryQuery,
  useOrderReviewStatusQuery,
  useSubmitRatingMutation,
} = dealApi;

/** Shows a status the server reported at once (before the next poll brings the whole record). */
export const dealStatusChanged = (orderId: number, status: OrderStatus) =>
  dealApi.util.updateQueryData('dealOrder', orderId, (draft) => {
    draft.status = status;
  });
