import { z } from 'zod';
import { walletAddress } from './common.ts';
import { lazySchema } from './lazy-schema.ts';

/** GET /auth/nonce?wallet= */
export const nonceQuery = lazySchema(() => z.object({ wallet: walletAddress }));
export const nonceResponse = lazySchema(() => z.object({
  nonce: z.string(),
  /** The exact text the wallet signs (UTF-8). */
  message: z.string(),
  expiresAt: z.string(),
}));
export type NonceResponse = z.infer<typeof nonceResponse>;

/** POST /auth */
export const authRequest = lazySchema(() => z.object({
  network: z.literal('sol'),
  wallet: walletAddress,
  nonce: z.string().min(1).max(128),
  /** base58 ed25519 signature of `message` from the nonce response. */
  signature: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/, 'Invalid signature encoding'),
}));
export type AuthRequest = z.infer<typeof authRequest>;

export const authResponse = lazySchema(() => z.object({
  accessToken: z.string(),
  /** ISO date-time at which the access token expires. */
  jwtExpiresAt: z.string(),
  isAdmin: z.boolean(),
}));
export type AuthResponse = z.infer<typeof authResponse>;

/**
 * POST /auth/refresh — the refresh token travels only in the httpOnly cookie (set by POST /auth and every refresh),
 * never in JSON, so page scripts cannot read it; the body is empty.
 */
export const refreshRequest = lazySchema(() => z.object({}).nullish());
export type RefreshRequest = z.infer<typeof refreshRequest>;
export const refreshResponse = lazySchema(() => authResponse);
export type RefreshResponse = z.infer<typeof refreshResponse>;

/** POST /auth/logout — revokes the cookie's session; answers 204 with no body. */
export const logoutRequest = lazySchema(() => refreshRequest);
export type LogoutRequest = z.infer<typeof logoutRequest>;

/** GET /auth/me (bearer) — who the access token belongs to. */
export const meResponse = lazySchema(() => z.object({
  wallet: walletAddress,
  isAdmin: z.boolean(),
  /** ISO date-time of the account's first sign-in. */
  createdAt: z.string(),
}));
export type MeResponse = z.infer<typeof meResponse>;

/** Claims inside the access token. */
export const accessTokenClaims = lazySchema(() => z.object({
  sub: walletAddress,
  isAdmin: z.boolean(),
}));
export type AccessTokenClaims = z.infer<typeof accessTokenClaims>;
