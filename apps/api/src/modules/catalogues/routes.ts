import {
  coinsResponse,
  countriesResponse,
  PAYMENTS_TYPE,
  paymentsQuery,
  paymentsResponse,
} from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCoins } from './list-coins.ts';
import { ensureStablecoinRows, otherClustersMints } from './stablecoin-mints.ts';
import { listCountries } from './countries.ts';
import { listCurrencies } from './currencies.ts';
import { PAYMENT_METHODS } from './payment-methods.ts';

const DAY = 'public, max-age=86400';

/** Catalogues: payment methods, fiat currencies, coins and countries. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ hasFlag: (countryCode: string) => boolean }> = async (
  app,
  { hasFlag },
) => {
  const currencies = listCurrencies(hasFlag);
  const countries = listCountries();
  // The stablecoin mints of the configured cluster (SOLANA_CLUSTER, STABLECOIN_MINTS): rows for them, others' hidden.
  await ensureStablecoinRows(app.db, app.config.stablecoinMints, app.config.now());
  const hidden = otherClustersMints(app.config.stablecoinMints);

  app.get(
    '/payments',
    {
      schema: {
        tags: ['catalogues'],
        summary: 'Payment methods (type=0) or fiat currencies (type=1)',
        querystring: paymentsQuery,
        response: { 200: paymentsResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', DAY);
      return request.query.type === PAYMENTS_TYPE.methods ? [...PAYMENT_METHODS] : currencies;
    },
  );

  app.get(
    '/platform/coins',
    { schema: { tags: ['catalogues'], summary: 'Tradable coins', response: { 200: coinsResponse } } },
    async () => listCoins(app.db, hidden),
  );

  app.get(
    '/platform/countries',
    {
      schema: { tags: ['catalogues'], summary: 'ISO 3166-1 countries, sorted by name', response: { 200: countriesResponse } },
    },
    async (_request, reply) => {
      reply.header('cache-control', DAY);
      return countries;
    },
  );
};
