import {
  marketResponse,
  orderDetailsResponse,
  orderPaths,
  priceValidationResponse,
  type MarketQuery,
  type MarketResponse,
  type OrderDetails,
  type PriceValidationResponse,
} from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';

export interface MarketOffersArgs {
  /** Signed in: GET /platform/all-new-offers (bearer); signed out: GET /platform/all-new-offers-unath. */
  signedIn: boolean;
  query: MarketQuery;
}

export interface PriceValidationArgs {
  fiatCode: string;
  cryptoSymbol: string;
}

/** The market's server data: the offer list, one order, and the live price used by the claim estimate. */
export const marketApi = api.enhanceEndpoints({ addTagTypes: ['MarketOffers', 'Order'] }).injectEndpoints({
  endpoints: (build) => ({
    marketOffers: build.query<MarketResponse, MarketOffersArgs>({
      query: ({ signedIn, query }) => ({
        url: signedIn ? orderPaths.marketSignedIn : orderPaths.marketPublic,
        params: query as Record<string, unknown>,
      }),
      responseSchema: marketResponse,
      providesTags: ['MarketOffers'],
    }),
    orderDetails: build.query<OrderDetails, number>({
      query: (orderId) => orderPaths.order(orderId),
      responseSchema: orderDetailsResponse,
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
    /** GET /platform/price-validation; any failure answers null (the caller falls back to the listed price). */
    priceValidation: build.query<PriceValidationResponse | null, PriceValidationArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: orderPaths.priceValidation, params: { ...args } });
        if (result.error) return { data: null };
        const parsed = priceValidationResponse.safeParse(result.data);
        return { data: parsed.success ? parsed.data : null };
      },
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useMarketOffersQuery, useOrderDetailsQuery, usePriceValidationQuery } = marketApi;

/** After a claim the offer's available amount changed: refetch the market and that offer. */
export const invalidateAfterClaim = (offerId: number) =>
  marketApi.util.invalidateTags(['MarketOffers', { type: 'Order', id: offerId }]);
