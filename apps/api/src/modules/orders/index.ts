/** The orders module's public surface: other modules and the app import it from here, never from its other files. */
export { createCallerCountry } from './caller-country.ts';
export { paymentMethodsOf, trimDecimal } from './order-view.ts';
export { completionRate } from './trading-stats.ts';
export { readClaimLimitsConfig } from './claim-limits-config.ts';
export type { ClaimLimitsConfig } from './claim-limits-config.ts';
export { ORDER_MESSAGES } from './order-messages.ts';
export { tradingStats } from './trading-stats.ts';
export { listUserOrders } from './list-user-orders.ts';
export { toOrder } from './order-view.ts';
export type { OrderRow } from './order-view.ts';
export { withdrawOffersOf } from './withdraw-offers.ts';
export { getPaymentDetails } from './get-payment-details.ts';
export { floatingPricesRun, refreshFloatingPrices } from './refresh-floating-prices.ts';
