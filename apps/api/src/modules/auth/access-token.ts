import { accessTokenClaims } from '@jelly/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { SharedConfig } from '../../shared-config.ts';
import type { AuthConfig } from './auth-config.ts';

export const ACCESS_TOKEN_AUDIENCE = 'jelly-api';

export interface AuthUser {
  wallet: string;
  isAdmin: boolean;
}

type TokenConfig = Pick<SharedConfig, 'jwtSecret' | 'publicUrl' | 'now'> & Pick<AuthConfig, 'accessTokenTtlSeconds'>;

/** A short-lived HS256 JWT carrying the wallet (sub) and the admin flag. */
export async function signAccessToken(
  config: TokenConfig,
  user: AuthUser,
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(config.now().getTime() / 1000);
  const expiresAtSeconds = issuedAt + config.accessTokenTtlSeconds;
  const token = await new SignJWT({ isAdmin: user.isAdmin })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.wallet)
    .setIssuer(config.publicUrl)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAtSeconds)
    .sign(config.jwtSecret);
  return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
}

export type AccessTokenCheck = { ok: true; user: AuthUser } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Tokens whose signature, issuer and audience were verified, per signing secret: an HMAC check through WebCrypto
 * costs about as much as a swap quote's own work, and a client sends the same token on every request for its
 * lifetime. A token's bytes never change, so its verified claims stand until it expires — checked on every use
 * against the injected clock. Bans and admin rights are checked per request elsewhere, not here.
 */
const verifiedTokens = new WeakMap<Uint8Array, LRUCache<string, { user: AuthUser; expiresAtMs: number }>>();
const VERIFIED_TOKENS_KEPT = 20_000;

/** Verifies signature, issuer, audience and expiry against the injected clock. */
export async function verifyAccessToken(config: TokenConfig, token: string): Promise<AccessTokenCheck> {
  let cache = verifiedTokens.get(config.jwtSecret);
  if (!cache) {
    cache = new LRUCache({ max: VERIFIED_TOKENS_KEPT });
    verifiedTokens.set(config.jwtSecret, cache);
  }
  const known = cache.get(token);
  if (known) {
    // jose's rule: expired once the clock reaches exp
    return config.now().getTime() < known.expiresAtMs ? { ok: true, user: known.user } : { ok: false, reason: 'expired' };
  }
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, {
      algorithms: ['HS256'],
      issuer: config.publicUrl,
      audience: ACCESS_TOKEN_AUDIENCE,
      currentDate: config.now(),
      requiredClaims: ['sub', 'exp'],
    });
    const claims = accessTokenClaims.safeParse(payload);
    if (!claims.success) return { ok: false, reason: 'invalid' };
    const user = { wallet: claims.data.sub, isAdmin: claims.data.isAdmin };
    cache.set(token, { user, expiresAtMs: (payload.exp ?? 0) * 1000 });
    return { ok: true, user };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}
