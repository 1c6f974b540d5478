import { z } from 'zod';
import { readEnv, type ConfigRead } from '../../lib/env-fields.ts';

/**
 * Per-wallet daily caps on what a user adds about others: reports (kept for the admins) and blocks (the user's own
 * list). Per-IP rate limits alone let one wallet add rows without end from many addresses.
 */
export interface RatingLimitsConfig {
  /** Reports one wallet may send per UTC day. */
  reportsPerDay: number;
  /** Blocks one wallet may make per UTC day: every new block counts, also one it has since undone (user_block_days). */
  blocksPerDay: number;
}

export const DEFAULT_RATING_LIMITS: RatingLimitsConfig = { reportsPerDay: 10, blocksPerDay: 20 };

const positiveWhole = (name: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .pipe(z.string().regex(/^[1-9]\d{0,5}$/, `${name} must be a whole number from 1 to 999999`).transform(Number).optional());

const schema = z.object({ REPORT_MAX_PER_DAY: positiveWhole('REPORT_MAX_PER_DAY'), BLOCK_MAX_PER_DAY: positiveWhole('BLOCK_MAX_PER_DAY') });

/** REPORT_MAX_PER_DAY, BLOCK_MAX_PER_DAY (see CONFIG.md). Returns the problems instead of throwing. */
export function readRatingLimitsConfig(env: NodeJS.ProcessEnv): ConfigRead<RatingLimitsConfig> {
  return readEnv(schema, env, (e) => ({
    ok: true,
    config: {
      reportsPerDay: e.REPORT_MAX_PER_DAY ?? DEFAULT_RATING_LIMITS.reportsPerDay,
      blocksPerDay: e.BLOCK_MAX_PER_DAY ?? DEFAULT_RATING_LIMITS.blocksPerDay,
    },
  }));
}
