import fp from 'fastify-plugin';
import { createPriceFeed } from './create-price-feed.ts';

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
