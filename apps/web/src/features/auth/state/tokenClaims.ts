import { accessTokenClaims, type AccessTokenClaims } from '@jelly/contracts';

/**
 * Reads the claims of our own access token (no signature check: the server verifies every
 * request; the app only needs to know whose session it restored). Null when unreadable.
 */
export function readTokenClaims(token: string | null): AccessTokenClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const parsed = accessTokenClaims.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
