import { z } from 'zod';

/** The payment-window job's settings. */
export interface DealsConfig {
  /** How often the payment-window job runs, in ms; 0 = never (the app starts no timer). */
  paymentWindowSweepMs: number;
}

export const DEFAULT_PAYMENT_WINDOW_SWEEP_SECONDS = 15;

const envSchema = z.object({
  PAYMENT_WINDOW_SWEEP_SECONDS: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .pipe(
      z
        .string()
        .regex(/^\d{1,6}$/, 'PAYMENT_WINDOW_SWEEP_SECONDS must be a whole number of seconds (0 = never)')
        .transform(Number)
        .optional(),
    ),
});

/** PAYMENT_WINDOW_SWEEP_SECONDS (default 15; 0 turns the job off). Returns the problems instead of throwing. */
export function readDealsConfig(env: NodeJS.ProcessEnv): { ok: true; config: DealsConfig } | { ok: false; problems: string[] } {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  }
  const seconds = parsed.data.PAYMENT_WINDOW_SWEEP_SECONDS ?? DEFAULT_PAYMENT_WINDOW_SWEEP_SECONDS;
  return { ok: true, config: { paymentWindowSweepMs: seconds * 1000 } };
}
