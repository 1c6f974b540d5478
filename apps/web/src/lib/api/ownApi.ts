import { API_PREFIX } from '@jelly/contracts';

/**
 * True only for requests to our own API (same origin, under /api/). The bearer token and the
 * forwarded IP are attached to these and never to any other host.
 */
export function isOwnApiUrl(url: string, origin: string): boolean {
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return false;
  }
  return target.origin === new URL(origin).origin && (target.pathname === API_PREFIX || target.pathname.startsWith(`${API_PREFIX}/`));
}

/** Auth endpoints that must not trigger a token refresh themselves. */
export function isAuthEndpoint(url: string, origin: string): boolean {
  const { pathname } = new URL(url, origin);
  return /^\/api\/auth(\/(nonce|refresh|logout))?\/?$/.test(pathname);
}
