import { z } from 'zod';
import { readEnv, type ConfigRead } from '../../../lib/env-fields.ts';

/** Daily budgets (lamports, per UTC day) of what the admin pays, per wallet, per client IP and platform-wide. */
export interface SpendBudgets {
  wallet: bigint;
  ip: bigint;
  platform: bigint;
}

export interface FeePayerConfig {
  /** Network fees (base + priority) the admin pays for transactions. */
  feeBudgets: SpendBudgets;
  /** Rent the admin pays and has not got back yet (accounts it funded minus accounts closed back to it). */
  rentBudgets: SpendBudgets;
  /** Locks per wallet per UTC day that may end Cancelled or Expired (no fee earned) before locking is paused. */
  unearnedLocksPerDay: number;
  /** How often the fee payer's runway is checked, in ms; 0 = never. */
  runwayCheckMs: number;
  /** Below this many days of runway (balance / last 24 h spend) the server warns. */
  runwayWarnDays: number;
}

export const DEFAULT_FEE_PAYER_CONFIG: FeePayerConfig = {
  feeBudgets: { wallet: 2_000_000n, ip: 10_000_000n, platform: 1_000_000_000n },
  rentBudgets: { wallet: 50_000_000n, ip: 200_000_000n, platform: 5_000_000_000n },
  unearnedLocksPerDay: 3,
  runwayCheckMs: 15 * 60 * 1000,
  runwayWarnDays: 7,
};

const blankToUndefined = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const whole = (name: string, digits: number) =>
  blankToUndefined.pipe(
    z
      .string()
      .regex(new RegExp(`^\\d{1,${digits}}$`), `${name} must be a whole number`)
      .optional(),
  );

const LAMPORT_VARS = {
  FEE_BUDGET_WALLET_LAMPORTS: ['feeBudgets', 'wallet'],
  FEE_BUDGET_IP_LAMPORTS: ['feeBudgets', 'ip'],
  FEE_BUDGET_PLATFORM_LAMPORTS: ['feeBudgets', 'platform'],
  RENT_BUDGET_WALLET_LAMPORTS: ['rentBudgets', 'wallet'],
  RENT_BUDGET_IP_LAMPORTS: ['rentBudgets', 'ip'],
  RENT_BUDGET_PLATFORM_LAMPORTS: ['rentBudgets', 'platform'],
} as const;

const envSchema = z.object({
  ...Object.fromEntries(Object.keys(LAMPORT_VARS).map((name) => [name, whole(name, 18)])),
  UNEARNED_LOCKS_PER_WALLET_PER_DAY: whole('UNEARNED_LOCKS_PER_WALLET_PER_DAY', 6),
  FEE_PAYER_RUNWAY_CHECK_SECONDS: whole('FEE_PAYER_RUNWAY_CHECK_SECONDS', 6),
  FEE_PAYER_RUNWAY_WARN_DAYS: whole('FEE_PAYER_RUNWAY_WARN_DAYS', 4),
});

/** The fee payer's budgets and runway check from the environment. Returns the problems instead of throwing. */
export function readFeePayerConfig(env: NodeJS.ProcessEnv): ConfigRead<FeePayerConfig> {
  return readEnv(envSchema, env, (e) => {
    const values = e as Record<string, string | undefined>;
    const d = DEFAULT_FEE_PAYER_CONFIG;
    const config: FeePayerConfig = {
      feeBudgets: { ...d.feeBudgets },
      rentBudgets: { ...d.rentBudgets },
      unearnedLocksPerDay: Number(values.UNEARNED_LOCKS_PER_WALLET_PER_DAY ?? d.unearnedLocksPerDay),
      runwayCheckMs: values.FEE_PAYER_RUNWAY_CHECK_SECONDS === undefined ? d.runwayCheckMs : Number(values.FEE_PAYER_RUNWAY_CHECK_SECONDS) * 1000,
      runwayWarnDays: Number(values.FEE_PAYER_RUNWAY_WARN_DAYS ?? d.runwayWarnDays),
    };
    for (const [name, [group, scope]] of Object.entries(LAMPORT_VARS)) {
      const value = values[name];
      if (value !== undefined) config[group][scope] = BigInt(value);
    }
    return { ok: true, config };
  });
}
