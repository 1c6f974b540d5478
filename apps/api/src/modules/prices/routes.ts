import { orderPaths, priceValidationQuery, priceValidationResponse } from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-preamble.ts';
import type { PriceFeed } from './price-feed.ts';
import { priceValidation } from './price-validation.ts';
import { refreshFloatingPrices } from './refresh-floating-prices.ts';

export interface PriceRoutesOptions {
  priceFeed: PriceFeed;
  /** How often floating offers are repriced; 0 = never (tests call refreshFloatingPrices themselves). */
  floatingRefreshMs: number;
}

/** Live prices for the Claim Offer estimate, and the timer that reprices floating offers. */
export const priceRoutes: FastifyPluginAsyncZod<PriceRoutesOptions> = async (app, { priceFeed, floatingRefreshMs }) => {
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
      return priceValidation(priceFeed, request.query.fiatCode, request.query.cryptoSymbol);
    },
  );

  if (floatingRefreshMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      refreshFloatingPrices(app.db, priceFeed)
        .then((result) => {
          if (result.unpriced.length > 0) app.log.warn({ unpriced: result.unpriced }, 'floating offers left unpriced');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'refreshing floating prices failed'))
        .finally(() => {
          running = false;
        });
    }, floatingRefreshMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
