import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPriceFeed } from './create-price-feed.ts';
import { refreshFloatingPrices } from './refresh-floating-prices.ts';

/** The app's price feed (`app.priceFeed`: the configured feed, the bundled table without config). */
export const priceService = fp(
  async (app) => {
    const priceFeed = createPriceFeed(app.config.prices?.feed ?? { kind: 'bundled' }, {
      fetch: app.outboundFetch,
      now: () => app.config.now().getTime(),
    });
    app.decorate('priceFeed', priceFeed);
  },
  { name: 'prices-service', dependencies: ['outbound-http'] },
);

/**
 * One run of the floating-price job (a job of the app's list, every `floatingRefreshMs`; tests call
 * refreshFloatingPrices themselves): reprices floating offers from the feed.
 */
export function floatingPricesRun(app: FastifyInstance): () => Promise<void> {
  return async () => {
    const result = await refreshFloatingPrices(app.db, app.priceFeed);
    if (result.unpriced.length > 0) app.log.warn({ unpriced: result.unpriced }, 'floating offers left unpriced');
  };
}
