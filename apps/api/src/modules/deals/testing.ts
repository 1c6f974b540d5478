/** Test helpers for tests outside the deals module (the economic invariant). Not used by product code. */
export { reclaimRent } from './reclaim-rent/reclaim-rent.ts';
export type { ReclaimReport } from './reclaim-rent/reclaim-rent.ts';
