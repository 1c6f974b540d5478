import { z } from 'zod';
import { readEnv, type ConfigRead } from '../../lib/env-fields.ts';

/** The deal jobs' settings. */
export interface DealsConfig {
  /** How often the payment-window job runs, in ms; 0 = never (the app starts no timer). */
  paymentWindowSweepMs: number;
  /** How often the rent-reclamation job picks up queued accounts, in ms; 0 or absent = never. */
  rentReclaimPollMs?: number;
  /** How often it also sweeps for finished deals and offers nobody queued, in ms. */
  rentReclaimSweepMs?: number;
}

export const DEFAULT_PAYMENT_WINDOW_SWEEP_SECONDS = 15;
export const DEFAULT_RENT_RECLAIM_POLL_SECONDS = 5;
export const DEFAULT_RENT_RECLAIM_SWEEP_SECONDS = 300;

const seconds = (name: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .pipe(
      z
        .string()
        .regex(/^\d{1,6}$/, `${name} must be a whole number of seconds (0 = never)`)
        .transform(Number)
        .optional(),
    );

const envSchema = z.object({
  PAYMENT_WINDOW_SWEEP_SECONDS: seconds('PAYMENT_WINDOW_SWEEP_SECONDS'),
  RENT_RECLAIM_POLL_SECONDS: seconds('RENT_RECLAIM_POLL_SECONDS'),
  RENT_RECLAIM_SWEEP_SECONDS: seconds('RENT_RECLAIM_SWEEP_SECONDS'),
});

/**
 * PAYMENT_WINDOW_SWEEP_SECONDS (default 15; 0 turns the job off), RENT_RECLAIM_POLL_SECONDS (default 5; 0 = off),
 * RENT_RECLAIM_SWEEP_SECONDS (default 300). Returns the problems instead of throwing.
 */
export function readDealsConfig(env: NodeJS.ProcessEnv): ConfigRead<DealsConfig> {
  return readEnv(envSchema, env, (e) => {
    const sweep = e.PAYMENT_WINDOW_SWEEP_SECONDS ?? DEFAULT_PAYMENT_WINDOW_SWEEP_SECONDS;
    const poll = e.RENT_RECLAIM_POLL_SECONDS ?? DEFAULT_RENT_RECLAIM_POLL_SECONDS;
    const reclaimSweep = e.RENT_RECLAIM_SWEEP_SECONDS ?? DEFAULT_RENT_RECLAIM_SWEEP_SECONDS;
    return {
      ok: true,
      config: { paymentWindowSweepMs: sweep * 1000, rentReclaimPollMs: poll * 1000, rentReclaimSweepMs: reclaimSweep * 1000 },
    };
  });
}
