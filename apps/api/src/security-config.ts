import { z } from 'zod';
import { readEnv, type ConfigRead } from './lib/env-fields.ts';

/** Session and WebSocket abuse limits. */
export interface SecurityConfig {
  /** How long a "not banned" answer may be reused before `authenticate` asks the database again (ms, at most 5 s). */
  banCacheMs: number;
  /** Open WebSockets one wallet may hold on all API processes together (realtime/socket-registry.ts). */
  socketsPerWallet: number;
  /** Open WebSockets one client IP may hold on all API processes together (signed in or not). */
  socketsPerIp: number;
  /** Deal rooms one WebSocket may subscribe to at once. */
  roomsPerSocket: number;
}

export const MAX_BAN_CACHE_SECONDS = 5;
export const DEFAULT_SECURITY_CONFIG: SecurityConfig = {
  banCacheMs: MAX_BAN_CACHE_SECONDS * 1000,
  socketsPerWallet: 10,
  socketsPerIp: 50,
  roomsPerSocket: 20,
};

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const wholeNumber = (name: string, min: number, max: number) =>
  optional.pipe(
    z
      .string()
      .regex(/^\d{1,6}$/, `${name} must be a whole number`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`)
      .optional(),
  );

const envSchema = z.object({
  BAN_CACHE_SECONDS: wholeNumber('BAN_CACHE_SECONDS', 0, MAX_BAN_CACHE_SECONDS),
  REALTIME_MAX_SOCKETS_PER_WALLET: wholeNumber('REALTIME_MAX_SOCKETS_PER_WALLET', 1, 10_000),
  REALTIME_MAX_SOCKETS_PER_IP: wholeNumber('REALTIME_MAX_SOCKETS_PER_IP', 1, 100_000),
  REALTIME_MAX_ROOMS_PER_SOCKET: wholeNumber('REALTIME_MAX_ROOMS_PER_SOCKET', 1, 1_000),
});

/** BAN_CACHE_SECONDS and the REALTIME_MAX_* caps. Returns the problems instead of throwing. */
export function readSecurityConfig(
  env: NodeJS.ProcessEnv,
): ConfigRead<SecurityConfig> {
  return readEnv(envSchema, env, (e) => {
    const d = DEFAULT_SECURITY_CONFIG;
    return {
      ok: true,
      config: {
        banCacheMs: e.BAN_CACHE_SECONDS === undefined ? d.banCacheMs : e.BAN_CACHE_SECONDS * 1000,
        socketsPerWallet: e.REALTIME_MAX_SOCKETS_PER_WALLET ?? d.socketsPerWallet,
        socketsPerIp: e.REALTIME_MAX_SOCKETS_PER_IP ?? d.socketsPerIp,
        roomsPerSocket: e.REALTIME_MAX_ROOMS_PER_SOCKET ?? d.roomsPerSocket,
      },
    };
  });
}
