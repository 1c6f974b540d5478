import { DEFAULT_DISPUTE_SLA_HOURS } from '@jelly/contracts';
import currencyCodes from 'currency-codes';
import { z } from 'zod';
import { readEnv, type ConfigRead } from '../../lib/env-fields.ts';

/** A fiat amount in one currency: resolving a deal worth more than this needs a second admin. */
export interface FourEyesThreshold {
  /** Decimal string, at most 2 decimals. */
  amount: string;
  /** ISO 4217 code, upper case. */
  currency: string;
}

/** The back office's settings. */
export interface AdminConfig {
  /** Four-eyes: a deal whose fiat value, in the threshold's currency, is ABOVE this needs a second admin; null = never. */
  fourEyes: FourEyesThreshold | null;
  /** Hours an admin has to decide a dispute, from its opening (the SLA clock). */
  disputeSlaHours: number;
}

/** The threshold's currency when the setting names none. */
export const DEFAULT_FOUR_EYES_CURRENCY = 'USD';

export const DEFAULT_ADMIN_CONFIG: AdminConfig = {
  fourEyes: { amount: '1000', currency: DEFAULT_FOUR_EYES_CURRENCY },
  disputeSlaHours: DEFAULT_DISPUTE_SLA_HOURS,
};

const FOUR_EYES_TEXT = /^(\d{1,15}(?:\.\d{1,2})?)(?:\s+([A-Za-z]{3}))?$/;
const FOUR_EYES_PROBLEM = 'ADMIN_FOUR_EYES_FIAT_AMOUNT must be an amount with an optional ISO currency (1000 = 1000 USD, 250.50 EUR), or off';

const envSchema = z.object({
  ADMIN_FOUR_EYES_FIAT_AMOUNT: z
    .string()
    .trim()
    .transform((value, ctx): FourEyesThreshold | null | undefined => {
      if (value === '') return undefined;
      if (value.toLowerCase() === 'off') return null;
      const match = FOUR_EYES_TEXT.exec(value);
      const currency = (match?.[2] ?? DEFAULT_FOUR_EYES_CURRENCY).toUpperCase();
      if (!match?.[1] || !currencyCodes.code(currency)) {
        ctx.addIssue({ code: 'custom', message: FOUR_EYES_PROBLEM });
        return z.NEVER;
      }
      return { amount: match[1], currency };
    })
    .optional(),
  DISPUTE_SLA_HOURS: z.string().trim().regex(/^\d{1,4}$/, 'DISPUTE_SLA_HOURS must be a whole number of hours').optional(),
});

/** ADMIN_FOUR_EYES_FIAT_AMOUNT (default 1000 USD; off = never), DISPUTE_SLA_HOURS (default 24). */
export function readAdminConfig(env: NodeJS.ProcessEnv): ConfigRead<AdminConfig> {
  return readEnv(envSchema, env, (e) => ({
    ok: true,
    config: {
      fourEyes: e.ADMIN_FOUR_EYES_FIAT_AMOUNT === undefined ? DEFAULT_ADMIN_CONFIG.fourEyes : e.ADMIN_FOUR_EYES_FIAT_AMOUNT,
      disputeSlaHours: e.DISPUTE_SLA_HOURS ? Number(e.DISPUTE_SLA_HOURS) : DEFAULT_ADMIN_CONFIG.disputeSlaHours,
    },
  }));
}
