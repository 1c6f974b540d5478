import { z } from 'zod';
import { optionalText, readEnv, type ConfigRead } from '../../lib/env-fields.ts';

/** The watchdog job's settings. */
export interface WatchdogConfig {
  /** How often a replica runs the watchdog, in ms; 0 = never (the admin view still lists live). */
  sweepMs: number;
}

/** Once a minute: the shortest allowance in the wait table is 5 minutes, so a late record is seen within a minute. */
export const DEFAULT_WATCHDOG_SWEEP_SECONDS = 60;

const envSchema = z.object({
  WATCHDOG_SWEEP_SECONDS: optionalText.pipe(
    z.string().regex(/^\d{1,6}$/, 'WATCHDOG_SWEEP_SECONDS must be a whole number of seconds (0 = never)').transform(Number).optional(),
  ),
});

/** WATCHDOG_SWEEP_SECONDS (default 60; 0 = off). */
export function readWatchdogConfig(env: NodeJS.ProcessEnv): ConfigRead<WatchdogConfig> {
  return readEnv(envSchema, env, (e) => ({
    ok: true,
    config: { sweepMs: (e.WATCHDOG_SWEEP_SECONDS ?? DEFAULT_WATCHDOG_SWEEP_SECONDS) * 1000 },
  }));
}
