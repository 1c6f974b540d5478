/** Test helpers for tests outside the deals module (the economic invariant, the fault tests). Not used by product code. */
export { reclaimRent } from './reclaim-rent/reclaim-rent.ts';
export type { ReclaimReport } from './reclaim-rent/reclaim-rent.ts';
export { NEVER_LANDED } from './transactions/index.ts';
export { expireDeals } from './expire-deals.ts';
