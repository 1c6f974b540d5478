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
import type { ApiClient } from '../../../lib/api/apiClient.ts';

/** The live market price a floating offer follows (GET /platform/price-validation); null when unavailable. */
export const placeOrderApi = api.injectEndpoints({
  endpoints: (build) => ({
    offerMarketPrice: build.query<PriceValidationResponse | null, { fiatCode: string; cryptoSymbol: string }>({
      async queryFn(args, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: orderPaths.priceValidation, params: { ...args } });
        if (result.error) return { data: null };
        const parsed = priceValidationResponse.safeParse(result.data);
        return { data: parsed.success ? parsed.data : null };
      },
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useOfferMarketPriceQuery } = placeOrderApi;

/** POST /orders/create-order for a new offer → { orderId }. */
export function createOffer(client: Pick<ApiClient, 'json'>, body: CreateOrderRequest): Promise<CreateOrderResponse> {
  return client.json(orderPaths.createOrder, createOrderResponse, { method: 'POST', body });
}

/** POST /platform/dev/faucet (embedded localnet only): SOL, USDC and USDT for the wallet. */
export function requestTestFunds(client: Pick<ApiClient, 'json'>, wallet: string): Promise<DevFaucetResponse> {
  return client.json(orderPaths.devFaucet, devFaucetResponse, { method: 'POST', body: { wallet } });
}
