/** The escrow-proof module's public surface: nothing yet beyond its routes (the app registers its routes.ts). */
export { ESCROW_PROOF_CACHE_MS } from './proof-service.ts';
