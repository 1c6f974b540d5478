import { z } from 'zod';
import { type ConfigRead, optionalText, readEnv } from '../../lib/env-fields.ts';
import { parseDurationSeconds } from '../../lib/duration.ts';

export interface RateLimitConfig {
  /** Requests per minute and per client IP. */
  nonce: number;
  signIn: number;
  refresh: number;
}

/** Sign-in and session settings. */
export interface AuthConfig {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  nonceTtlSeconds: number;
  rateLimits: RateLimitConfig;
}

/** A sign-in nonce is good for 5 minutes (not configurable). */
export const NONCE_TTL_SECONDS = 5 * 60;

const duration = (name: string, fallback: string) =>
  optionalText.transform((value, ctx) => {
    const seconds = parseDurationSeconds(value ?? fallback);
    if (seconds === null) {
      ctx.addIssue({ code: 'custom', message: `${name} must be a duration like 900, 15m, 12h or 30d` });
      return z.NEVER;
    }
    return seconds;
  });

const positiveInt = (fallback: number) =>
  optionalText.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number <= 0) {
      ctx.addIssue({ code: 'custom', message: 'must be a positive whole number' });
      return z.NEVER;
    }
    return number;
  });

const envSchema = z.object({
  ACCESS_TOKEN_TTL: duration('ACCESS_TOKEN_TTL', '15m'),
  REFRESH_TOKEN_TTL: duration('REFRESH_TOKEN_TTL', '30d'),
  RATE_LIMIT_AUTH_NONCE: positiveInt(30),
  RATE_LIMIT_AUTH_SIGN_IN: positiveInt(10),
  RATE_LIMIT_AUTH_REFRESH: positiveInt(30),
});

/**
 * ACCESS_TOKEN_TTL (default 15m), REFRESH_TOKEN_TTL (default 30d) and the per-IP, per-minute limits
 * RATE_LIMIT_AUTH_NONCE (30), RATE_LIMIT_AUTH_SIGN_IN (10) and RATE_LIMIT_AUTH_REFRESH (30). Returns the problems
 * instead of throwing.
 */
export function readAuthConfig(env: NodeJS.ProcessEnv): ConfigRead<AuthConfig> {
  return readEnv(envSchema, env, (e) => {
    return {
      ok: true,
      config: {
        accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
        refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
        nonceTtlSeconds: NONCE_TTL_SECONDS,
        rateLimits: {
          nonce: e.RATE_LIMIT_AUTH_NONCE,
          signIn: e.RATE_LIMIT_AUTH_SIGN_IN,
          refresh: e.RATE_LIMIT_AUTH_REFRESH,
        },
      },
    };
  });
}
