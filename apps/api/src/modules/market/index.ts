/** The market module's public surface: other modules and the app import it from here, never from its other files. */
export { readMarketConfig } from './market-config.ts';
export type { MarketConfig } from './market-config.ts';
