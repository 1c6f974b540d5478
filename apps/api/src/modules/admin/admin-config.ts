import { DEFAULT_DISPUTE_SLA_HOURS } from '@jelly/contracts';
import { z } from 'zod';
import { readEnv, type ConfigRead } from '../../lib/env-fields.ts';

/** The back office's settings. */
export interface AdminConfig {
  /**
   * Four-eyes: resolving a deal whose fiat amount (in the deal's own currency) is ABOVE this needs a second admin.
   * A decimal string; null = never.
   */
  fourEyesFiatAmount: string | null;
  /** Hours an admin has to decide a dispute, from its opening (the SLA clock). */
  disputeSlaHours: number;
}

export const DEFAULT_ADMIN_CONFIG: AdminConfig = { fourEyesFiatAmount: '1000', disputeSlaHours: DEFAULT_DISPUTE_SLA_HOURS };

const envSchema = z.object({
  ADMIN_FOUR_EYES_FIAT_AMOUNT: z
    .string()
    .trim()
    .regex(/^(\d{1,15}(\.\d{1,2})?|off)$/, 'ADMIN_FOUR_EYES_FIAT_AMOUNT must be an amount such as 1000 or 250.50, or off')
    .optional(),
  DISPUTE_SLA_HOURS: z.string().trim().regex(/^\d{1,4}$/, 'DISPUTE_SLA_HOURS must be a whole number of hours').optional(),
});

/** ADMIN_FOUR_EYES_FIAT_AMOUNT (default 1000; off = never), DISPUTE_SLA_HOURS (default 24). */
export function readAdminConfig(env: NodeJS.ProcessEnv): ConfigRead<AdminConfig> {
  return readEnv(envSchema, env, (e) => {
    const amount = e.ADMIN_FOUR_EYES_FIAT_AMOUNT;
    return {
      ok: true,
      config: {
        fourEyesFiatAmount: amount === 'off' ? null : (amount ?? DEFAULT_ADMIN_CONFIG.fourEyesFiatAmount),
        disputeSlaHours: e.DISPUTE_SLA_HOURS ? Number(e.DISPUTE_SLA_HOURS) : DEFAULT_ADMIN_CONFIG.disputeSlaHours,
      },
    };
  });
}

/** Whether a deal of this many fiat cents needs a second admin to resolve it. */
export function needsFourEyes(config: AdminConfig, fiatAmountCents: bigint | null): boolean {
  if (config.fourEyesFiatAmount === null || fiatAmountCents === null) return false;
  const [whole = '0', fraction = ''] = config.fourEyesFiatAmount.split('.');
  const thresholdCents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return fiatAmountCents > thresholdCents;
}
