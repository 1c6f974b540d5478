/** The prices module's public surface: other modules and the app import it from here, never from its other files. */
export { priceService } from './price-service.ts';
export { floatingPrice, marketPrice, PRICE_DECIMALS } from './market-price.ts';
export { readPricesConfig } from './price-feed-config.ts';
export type { PricesConfig } from './price-feed-config.ts';
export { PriceFeedUnavailableError } from './price-feed.ts';
export type { PriceFeed } from './price-feed.ts';
