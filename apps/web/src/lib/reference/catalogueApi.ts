import { apiPaths, coin, currency, PAYMENTS_TYPE, paymentMethod, type Coin, type Currency, type PaymentMethod } from '@jelly/contracts';
import { api } from '../api/api.ts';
import { keepValid } from './keepValid.ts';

/**
 * Catalogues loaded once per session: payment methods
 * (GET /payments?type=0), currencies (type=1) and coins (GET /platform/coins).
 */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentMethods: build.query<PaymentMethod[], void>({
      query: () => ({ url: apiPaths.payments, params: { type: PAYMENTS_TYPE.methods } }),
      transformResponse: (raw: unknown) => keepValid(paymentMethod, raw),
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
    currencies: build.query<Currency[], void>({
      query: () => ({ url: apiPaths.payments, params: { type: PAYMENTS_TYPE.currencies } }),
      transformResponse: (raw: unknown) => keepValid(currency, raw),
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
    coins: build.query<Coin[], void>({
      query: () => apiPaths.coins,
      transformResponse: (raw: unknown) => keepValid(coin, raw),
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});

export const { usePaymentMethodsQuery, useCurrenciesQuery, useCoinsQuery } = catalogueApi;
