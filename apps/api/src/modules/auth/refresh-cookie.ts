import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SharedConfig } from '../../shared-config.ts';

type CookieConfig = Pick<SharedConfig, 'publicUrl'>;

export const REFRESH_COOKIE_PATH = '/api/auth';

/**
 * Cookies ignore ports, so two servers on one host would overwrite each other's cookie;
 * the name carries a hash of the server's public URL to keep them apart.
 */
export function refreshCookieName(config: CookieConfig): string {
  return `jelly_rt_${createHash('sha256').update(config.publicUrl).digest('hex').slice(0, 10)}`;
}

function cookieOptions(config: CookieConfig) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.publicUrl.startsWith('https:'),
    path: REFRESH_COOKIE_PATH,
  };
}

export function setRefreshCookie(reply: FastifyReply, config: CookieConfig, token: string, expiresAt: Date): void {
  reply.setCookie(refreshCookieName(config), token, { ...cookieOptions(config), expires: expiresAt });
}

export function clearRefreshCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(refreshCookieName(config), cookieOptions(config));
}

/** The refresh token from the httpOnly cookie, the only place it travels. */
export function presentedRefreshToken(request: FastifyRequest, config: CookieConfig): string | undefined {
  return request.cookies[refreshCookieName(config)] || undefined;
}
