import {
  createOrderResponse,
  devFaucetResponse,
  orderPaths,
  priceValidationResponse,
  type CreateOrderRequest,
  type CreateOrderResponse,
  type DevFaucetResponse,
  type PriceValidationResponse,
} from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';

/** The live market price a floating offer follows, the new offer, and the localnet's test funds. */
export const placeOrderApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /platform/price-validation; null when unavailable. */
    offerMarketPrice: build.query<PriceValidationResponse | null, { fiatCode: string; cryptoSymbol: string }>({
      async queryFn(args, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: orderPaths.priceValidation, params: { ...args } });
        if (result.error) return { data: null };
        const parsed = priceValidationResponse.safeParse(result.data);
        return { data: parsed.success ? parsed.data : null };
      },
      keepUnusedDataFor: 60,
    }),
    /** POST /orders/create-order for a new offer → { orderId }. */
    createOffer: build.mutation<CreateOrderResponse, CreateOrderRequest>({
      query: (body) => ({ url: orderPaths.createOrder, method: 'POST', body }),
      responseSchema: createOrderResponse,
    }),
    /** POST /platform/dev/faucet (embedded localnet only): SOL, USDC and USDT for the wallet. */
    requestTestFunds: build.mutation<DevFaucetResponse, string>({
      query: (wallet) => ({ url: orderPaths.devFaucet, method: 'POST', body: { wallet } }),
      responseSchema: devFaucetResponse,
    }),
  }),
});

export const { useOfferMarketPriceQuery, useCreateOfferMutation, useRequestTestFundsMutation } = placeOrderApi;
