/** The deals module's public surface: other modules and the app import it from here, never from its other files. */
export { readDealsConfig } from './deals-config.ts';
export type { DealsConfig } from './deals-config.ts';
export { expireDeals } from './expire-deals.ts';
export { openDispute } from './open-dispute.ts';
export { adminResolutionOf } from './admin-resolution.ts';
export { paymentWindowJob } from './payment-window-job.ts';
export { moveDeal } from './deal-writes.ts';
export { findDeal, orderExists } from './queries.ts';
export { enqueueReclaim } from './reclaim-rent/queue.ts';
export { rentReclaimJob } from './reclaim-rent/plugin.ts';
export { requireChain } from './chain/escrow-config.ts';
export { adminResolve } from './admin-resolve.ts';
export type { AdminResolveContext } from './admin-resolve.ts';
export { getAdminOrder } from './get-admin-order.ts';
export { getDealWindow } from './window/get-window.ts';
export { clearReviewFlag, flagRunningDealsOf } from './review-flags.ts';
export { lockedInEscrowByOffer } from './locked-in-escrow.ts';
export type { LockedInVault } from './locked-in-escrow.ts';
