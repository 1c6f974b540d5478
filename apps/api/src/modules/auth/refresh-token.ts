import { createHash, randomBytes } from 'node:crypto';

/** Opaque refresh tokens: 256 random bits, stored only as their sha256. */
export function generateRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
