import { z } from 'zod';
import { optionalText, readEnv, type ConfigRead } from './env-fields.ts';

/**
 * TEST ONLY. A fail-point kills this process (SIGKILL, as `kill -9` would) the moment the code passes a named point,
 * so the crash tests (test/crash) can stop a money send at an exact step without timing: JELLY_FAILPOINT names one
 * point, `<send kind>:<step>` (for example `jelly_payout:after-send`), read once at start. Refused with
 * NODE_ENV=production or on mainnet; unset, `failpoint()` is a comparison and nothing more.
 */
/** after-claim: the work is claimed (its order or deal row says so) and nothing is signed or recorded yet. */
export const FAILPOINT_STEPS = ['after-claim', 'after-sign', 'after-send', 'after-confirm', 'before-record'] as const;
export type FailpointStep = (typeof FAILPOINT_STEPS)[number];

const NAME = new RegExp(`^[a-z_]{1,40}:(${FAILPOINT_STEPS.join('|')})$`);

const envSchema = z.object({
  JELLY_FAILPOINT: optionalText.pipe(z.string().regex(NAME, `must be <send kind>:<${FAILPOINT_STEPS.join('|')}>`).optional()),
  NODE_ENV: optionalText,
  SOLANA_CLUSTER: optionalText,
});

/** JELLY_FAILPOINT, or null; a problem when it is set where real money moves. */
export function readFailpoint(env: NodeJS.ProcessEnv): ConfigRead<string | null> {
  return readEnv(envSchema, env, (e) => {
    if (!e.JELLY_FAILPOINT) return { ok: true, config: null };
    if (e.NODE_ENV === 'production' || e.SOLANA_CLUSTER === 'mainnet-beta') {
      return { ok: false, problems: ['JELLY_FAILPOINT: a test-only setting; refused with NODE_ENV=production or SOLANA_CLUSTER=mainnet-beta'] };
    }
    return { ok: true, config: e.JELLY_FAILPOINT };
  });
}

let armed: string | null = null;

/** Set once at start by the server from its config (tests of the fail-point itself may set it too). */
export function armFailpoint(name: string | null): void {
  armed = name;
}

/** Kills the process at once when `kind:step` is the armed fail-point. */
export function failpoint(kind: string, step: FailpointStep): void {
  if (armed !== null && armed === `${kind}:${step}`) process.kill(process.pid, 'SIGKILL');
}
