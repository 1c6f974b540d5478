import { accessTokenClaims } from '@jelly/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
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

/** Verifies signature, issuer, audience and expiry against the injected clock. */
export async function verifyAccessToken(config: TokenConfig, token: string): Promise<AccessTokenCheck> {
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
    return { ok: true, user: { wallet: claims.data.sub, isAdmin: claims.data.isAdmin } };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}
