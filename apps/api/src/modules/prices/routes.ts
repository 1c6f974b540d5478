import { orderPaths, priceValidationQuery, priceValidationResponse } from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-preamble.ts';
import { priceValidation } from './price-validation.ts';

/** Live prices for the Claim Offer estimate (the feed and the repricing timer are the price service's). */
export const priceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    orderPaths.priceValidation,
    {
      schema: {
        tags: ['prices'],
        summary: 'Live USD price of a token and the USD→fiat rate (price = cryptoPriceUsd × fiatToUsdRate)',
        querystring: priceValidationQuery,
        response: { 200: priceValidationResponse, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=10');
      return priceValidation(app.priceFeed, request.query.fiatCode, request.query.cryptoSymbol);
    },
  );

};
