import fp from 'fastify-plugin';
import { createPriceFeed } from './create-price-feed.ts';
import { refreshFloatingPrices } from './refresh-floating-prices.ts';

/**
 * The app's price feed (`app.priceFeed`: the configured feed, the bundled table without config) and the timer that
 * reprices floating offers every `floatingRefreshMs` (0 or no prices config = never; tests call
 * refreshFloatingPrices themselves). Never two repricings at once; stops with the app.
 */
export const priceService = fp(
  async (app) => {
    const priceFeed = createPriceFeed(app.config.prices?.feed ?? { kind: 'bundled' }, {
      fetch: app.outboundFetch,
      now: () => app.config.now().getTime(),
    });
    app.decorate('priceFeed', priceFeed);
    const floatingRefreshMs = app.config.prices?.floatingRefreshMs ?? 0;
    if (floatingRefreshMs <= 0) return;
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
  },
  { name: 'prices-service', dependencies: ['outbound-http'] },
);
