import {
  paymentDetailsPaths,
  paymentDetailsResponse,
  type PaymentDetailsResponse,
  type SetPaymentDetailsRequest,
} from '@jelly/contracts';
import { api } from './api.ts';

/**
 * A Sell offer's payment details: read on the deal page (the buyer after the lock, the seller) and on the offer page
 * (its creator, who also edits them there), so they live here. Private data: a cache entry is dropped as soon as no
 * screen shows it. The read refetches with the deal (the 'Deal' tag, pushed on every status change).
 */
export const paymentDetailsApi = api.enhanceEndpoints({ addTagTypes: ['Deal', 'PaymentDetails'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /orders/{orderId}/payment-details: of an offer, or of the offer behind a deal. */
    paymentDetails: build.query<PaymentDetailsResponse, number>({
      query: (orderId) => paymentDetailsPaths.ofOrder(orderId),
      responseSchema: paymentDetailsResponse,
      providesTags: (_result, _error, orderId) => [
        { type: 'Deal', id: orderId },
        { type: 'PaymentDetails', id: orderId },
      ],
      keepUnusedDataFor: 0,
    }),
    /** PUT /orders/{offerId}/payment-details: the creator replaces them. */
    setPaymentDetails: build.mutation<PaymentDetailsResponse, SetPaymentDetailsRequest & { offerId: number }>({
      query: ({ offerId, entries }) => ({ url: paymentDetailsPaths.ofOrder(offerId), method: 'PUT', body: { entries } }),
      responseSchema: paymentDetailsResponse,
      invalidatesTags: (_result, error, { offerId }) => (error ? [] : [{ type: 'PaymentDetails', id: offerId }]),
    }),
  }),
});

export const { usePaymentDetailsQuery, useSetPaymentDetailsMutation } = paymentDetailsApi;
