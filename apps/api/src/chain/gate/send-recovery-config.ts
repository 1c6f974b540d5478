import { z } from 'zod';
import { optionalText, readEnv, type ConfigRead } from '../../lib/env-fields.ts';
import { CONFIRM_TIMEOUT_MS } from '../transactions/index.ts';

/** The send-recovery job's settings. */
export interface SendRecoveryConfig {
  /** How often each replica looks for unfinished platform sends, in ms; 0 = never. */
  pollMs: number;
  /** A pending send untouched this long has lost its process (or is slow): the job asks the chain about it. */
  staleMs: number;
}

export const DEFAULT_SEND_RECOVERY_SECONDS = 10;
/** Longer than a live send's confirmation wait, so a healthy process finishes its own sends. */
export const DEFAULT_SEND_STALE_SECONDS = CONFIRM_TIMEOUT_MS / 1000 + 15;

const seconds = (name: string) =>
  optionalText.pipe(z.string().regex(/^\d{1,6}$/, `${name} must be a whole number of seconds`).transform(Number).optional());

const envSchema = z.object({
  SEND_RECOVERY_SECONDS: seconds('SEND_RECOVERY_SECONDS'),
  SEND_STALE_SECONDS: seconds('SEND_STALE_SECONDS'),
});

/** SEND_RECOVERY_SECONDS (default 10; 0 = off) and SEND_STALE_SECONDS (default 75). */
export function readSendRecoveryConfig(env: NodeJS.ProcessEnv): ConfigRead<SendRecoveryConfig> {
  return readEnv(envSchema, env, (e) => ({
    ok: true,
    config: {
      pollMs: (e.SEND_RECOVERY_SECONDS ?? DEFAULT_SEND_RECOVERY_SECONDS) * 1000,
      staleMs: (e.SEND_STALE_SECONDS ?? DEFAULT_SEND_STALE_SECONDS) * 1000,
    },
  }));
}
