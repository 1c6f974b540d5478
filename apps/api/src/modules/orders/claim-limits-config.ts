import { z } from 'zod';
import { readEnv, type ConfigRead } from '../../lib/env-fields.ts';

/** Per-wallet limits on claims and offers: what stops squatting (reserving offers) and flooding (claims, offers). */
export interface ClaimLimitsConfig {
  /** Deals a wallet claimed that are still In Progress (nothing locked or paid yet). */
  maxOpenClaims: number;
  /** Claims a wallet may make in any 60 minutes. */
  claimsPerHour: number;
  /** Cancellations by a wallet in any 24 hours after which it cannot claim until the oldest of them is 24 hours old. */
  cancellationsPerDay: number;
  /** Offers a wallet may create in any 60 minutes. */
  offersPerHour: number;
  /** At most one 'Offer claimed' notification per offer in this many minutes; later claims are folded into it. */
  claimNotificationBatchMinutes: number;
}

export const DEFAULT_CLAIM_LIMITS: ClaimLimitsConfig = {
  maxOpenClaims: 3,
  claimsPerHour: 10,
  cancellationsPerDay: 3,
  offersPerHour: 10,
  claimNotificationBatchMinutes: 10,
};

const VARIABLES = {
  CLAIM_MAX_OPEN_DEALS: 'maxOpenClaims',
  CLAIM_MAX_PER_HOUR: 'claimsPerHour',
  CLAIM_MAX_CANCELLATIONS_PER_DAY: 'cancellationsPerDay',
  OFFER_MAX_PER_HOUR: 'offersPerHour',
  CLAIM_NOTIFICATION_BATCH_MINUTES: 'claimNotificationBatchMinutes',
} as const satisfies Record<string, keyof ClaimLimitsConfig>;

const positiveWhole = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()
  .pipe(z.string().regex(/^[1-9]\d{0,5}$/, 'must be a whole number from 1 to 999999').transform(Number).optional());

const schema = z.object(
  Object.fromEntries(Object.keys(VARIABLES).map((name) => [name, positiveWhole])) as Record<
    keyof typeof VARIABLES,
    typeof positiveWhole
  >,
);

/** CLAIM_MAX_OPEN_DEALS, CLAIM_MAX_PER_HOUR, … (see CONFIG.md). Returns the problems instead of throwing. */
export function readClaimLimitsConfig(
  env: NodeJS.ProcessEnv,
): ConfigRead<ClaimLimitsConfig> {
  return readEnv(schema, env, (e) => {
    const config = { ...DEFAULT_CLAIM_LIMITS };
    for (const [name, key] of Object.entries(VARIABLES) as [keyof typeof VARIABLES, keyof ClaimLimitsConfig][]) {
      const value = e[name];
      if (value !== undefined) config[key] = value;
    }
    return { ok: true, config };
  });
}
