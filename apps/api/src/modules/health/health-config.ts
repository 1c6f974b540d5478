import { z } from 'zod';
import { optionalText, readEnv, type ConfigRead } from '../../lib/env-fields.ts';

/** How a replica leaves a load balancer's pool and how soon it calls its chain unreachable. */
export interface HealthConfig {
  /** After SIGTERM the replica answers not ready but keeps serving this long, so the balancer stops routing to it. */
  drainMs: number;
  /** From SIGTERM to a forced exit (code 1) when the close has not finished. */
  shutdownTimeoutMs: number;
  /** Readiness checks in a row whose RPC probe failed before the replica reports not ready (one success resets). */
  rpcUnreadyAfter: number;
}

/** A balancer checking every 2 s that marks a server down after 3 failed checks stops routing within 6 s; 2 s margin. */
export const DEFAULT_SHUTDOWN_DRAIN_SECONDS = 8;
/** The drain, then in-flight requests and sends (a confirmation waits up to 60 s) and the jobs' current runs. */
export const DEFAULT_SHUTDOWN_TIMEOUT_SECONDS = 90;
export const DEFAULT_RPC_UNREADY_AFTER = 3;
export const DEFAULT_HEALTH_CONFIG: HealthConfig = {
  drainMs: DEFAULT_SHUTDOWN_DRAIN_SECONDS * 1000,
  shutdownTimeoutMs: DEFAULT_SHUTDOWN_TIMEOUT_SECONDS * 1000,
  rpcUnreadyAfter: DEFAULT_RPC_UNREADY_AFTER,
};

const whole = (name: string, max: number) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, `${name} must be a whole number`)
      .transform(Number)
      .refine((n) => n <= max, `${name} must be at most ${max}`)
      .optional(),
  );

const envSchema = z.object({
  SHUTDOWN_DRAIN_SECONDS: whole('SHUTDOWN_DRAIN_SECONDS', 600),
  SHUTDOWN_TIMEOUT_SECONDS: whole('SHUTDOWN_TIMEOUT_SECONDS', 3600),
  RPC_UNREADY_AFTER: whole('RPC_UNREADY_AFTER', 100),
});

/** SHUTDOWN_DRAIN_SECONDS (8), SHUTDOWN_TIMEOUT_SECONDS (90, counted from SIGTERM), RPC_UNREADY_AFTER (3). */
export function readHealthConfig(env: NodeJS.ProcessEnv): ConfigRead<HealthConfig> {
  return readEnv(envSchema, env, (e) => {
    const drain = e.SHUTDOWN_DRAIN_SECONDS ?? DEFAULT_SHUTDOWN_DRAIN_SECONDS;
    const timeout = e.SHUTDOWN_TIMEOUT_SECONDS ?? Math.max(DEFAULT_SHUTDOWN_TIMEOUT_SECONDS, drain + 30);
    if (timeout <= drain) return { ok: false, problems: ['SHUTDOWN_TIMEOUT_SECONDS: must be longer than SHUTDOWN_DRAIN_SECONDS'] };
    if (e.RPC_UNREADY_AFTER === 0) return { ok: false, problems: ['RPC_UNREADY_AFTER: must be at least 1'] };
    return {
      ok: true,
      config: { drainMs: drain * 1000, shutdownTimeoutMs: timeout * 1000, rpcUnreadyAfter: e.RPC_UNREADY_AFTER ?? DEFAULT_RPC_UNREADY_AFTER },
    };
  });
}
