/**
 * Compute budget bounds: the admin pays the priority fee (price × compute-unit limit), so both are capped. Every
 * allowed transaction needs under 70,000 units (escrow instruction ≤ 12,000, an associated-token-account creation
 * ≈ 25,000), so 200,000 (the runtime's default per instruction) is ample; 50,000 µlamports per unit is a busy
 * cluster's high percentile. The fee itself is capped at 10,000 lamports (two base fees): the runtime's default
 * limit (200,000 per instruction) applies when no limit is set, so a price alone cannot multiply it.
 */
export const MAX_COMPUTE_UNIT_LIMIT = 200_000;
export const MAX_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS = 50_000n;
export const MAX_PRIORITY_FEE_LAMPORTS = 10_000n;
