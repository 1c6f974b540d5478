import {
  createOrderResponse,
  marketOffer,
  marketResponse,
  orderDetailsResponse,
  orderPaths,
  priceValidationResponse,
  type CreateOrderResponse,
  type MarketOffer,
  type MarketQuery,
  type MarketResponse,
  type OrderDetails,
  type PaymentDetailsEntry,
  type PriceValidationResponse,
} from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';
import { MARKET_OFFERS_TAG } from '../../../lib/api/sharedTags.ts';

export interface MarketOffersArgs {
  /** Signed in: GET /platform/all-new-offers (bearer); signed out: GET /platform/all-new-offers-unath. */
  signedIn: boolean;
  query: MarketQuery;
}

/** A claim: POST /orders/create-order with the offer as parent; the signed-in wallet becomes the acceptor. */
export interface ClaimArgs {
  parentOrderId: number;
  /** Base units of the offer's token. */
  amount: string;
  acceptorWallet: string;
  /** The price per token the total was shown at: the deal is made at it or refused (409) when it moved. */
  quotedPrice?: string;
  /** A Buy offer's claim: the claimer's (the seller's) payment details. */
  paymentDetails?: PaymentDetailsEntry[];
}

export interface PriceValidationArgs {
  fiatCode: string;
  cryptoSymbol: string;
}

/** The market's server data: the offer list, one order, the live price used by the claim estimate, and the claim. */
export const marketApi = api.enhanceEndpoints({ addTagTypes: [MARKET_OFFERS_TAG, 'Order', 'LivePrice'] }).injectEndpoints({
  endpoints: (build) => ({
    marketOffers: build.query<MarketResponse, MarketOffersArgs>({
      query: ({ signedIn, query }) => ({
        url: signedIn ? orderPaths.marketSignedIn : orderPaths.marketPublic,
        params: query as Record<string, unknown>,
      }),
      responseSchema: marketResponse,
      providesTags: [MARKET_OFFERS_TAG],
    }),
    orderDetails: build.query<OrderDetails, number>({
      query: (orderId) => orderPaths.order(orderId),
      responseSchema: orderDetailsResponse,
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
    /** A visitor's read of one open offer (a shared link): GET /platform/offer-unath/{id}, what the public market lists. */
    publicOffer: build.query<MarketOffer, number>({
      query: (orderId) => orderPaths.publicOffer(orderId),
      responseSchema: marketOffer,
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
    /**
     * GET /platform/price-validation; any failure answers null (the caller falls back to the listed price). Always
     * asked of the server (never the browser's HTTP cache): a claim is refused when its price is out of date.
     */
    priceValidation: build.query<PriceValidationResponse | null, PriceValidationArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: orderPaths.priceValidation, params: { ...args }, cache: 'no-cache' });
        if (result.error) return { data: null };
        const parsed = priceValidationResponse.safeParse(result.data);
        return { data: parsed.success ? parsed.data : null };
      },
      keepUnusedDataFor: 30,
      providesTags: ['LivePrice'],
    }),
    /**
     * The claim creates the deal (InProgress); the offer's available amount drops, so the list and the offer refetch.
     * A refused claim may have been priced on an out-of-date live price (409 with the new one): the price refetches.
     */
    createDeal: build.mutation<CreateOrderResponse, ClaimArgs>({
      query: (body) => ({ url: orderPaths.createOrder, method: 'POST', body }),
      responseSchema: createOrderResponse,
      invalidatesTags: (_result, error, { parentOrderId }) =>
        error ? ['LivePrice', { type: 'Order', id: parentOrderId }] : [MARKET_OFFERS_TAG, { type: 'Order', id: parentOrderId }],
    }),
  }),
});

export const { useMarketOffersQuery, useOrderDetailsQuery, usePriceValidationQuery, usePublicOfferQuery } = marketApi;
