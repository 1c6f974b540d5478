// One file per product area; drizzle-kit reads this folder (drizzle.config.ts).
export * from './auth.ts';
export * from './catalogue.ts';
export * from './orders.ts';
export * from './chat.ts';
export * from './notifications.ts';
export * from './deals.ts';
export * from './rating.ts';
export * from './rent-reclaims.ts';
export * from './fee-payer.ts';
export * from './window-extensions.ts';
export * from './payment-details.ts';
export * from './coin-jelly.ts';
export * from './swaps.ts';
export * from './admin.ts';
export * from './chain-tx-claims.ts';
export * from './platform-sends.ts';
export * from './limits.ts';
