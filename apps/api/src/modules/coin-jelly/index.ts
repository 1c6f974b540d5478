/** The coin-jelly module's public surface: other modules and the app import it from here, never from its other files. */
export { coinJellyService } from './coin-jelly-service.ts';
export type { CoinJellyService } from './coin-jelly-service.ts';
export { readCoinJellyConfig, resolveCoinJellyConfig } from './coin-jelly-config.ts';
export type { CoinJellyConfig, CoinJellySettings } from './coin-jelly-config.ts';
export { findJellyListItems } from './queries.ts';
export { jellySendOwners } from './send-owners.ts';
export { jellyStaleClaims } from './resume-claims.ts';
