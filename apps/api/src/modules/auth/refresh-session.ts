import { AppError } from '../../errors.ts';
import { markRefreshTokenUsed, revokeRefreshTokenFamily } from './auth-writes.ts';
import { findActiveBan, findRefreshToken } from './queries.ts';
import { hashRefreshToken } from './refresh-token.ts';
import { issueSession, type AuthDeps, type Session } from './session.ts';
import { walletBannedError } from './wallet-banned.ts';

export const REFRESH_ERRORS = {
  missing: 'No refresh token was presented. Please sign in.',
  invalid: 'The refresh token is invalid or revoked. Please sign in again.',
  expired: 'The refresh token has expired. Please sign in again.',
  reused: 'This refresh token was already used, so the session has been revoked. Please sign in again.',
} as const;

const refreshError = (message: string) => new AppError('REFRESH_TOKEN_INVALID', message);

/**
 * POST /auth/refresh — rotates the refresh token inside its family. A token presented a second time
 * means it leaked (or a client replayed it): the whole family is revoked.
 */
export async function refreshSession({ db, config }: AuthDeps, token: string | undefined): Promise<Session> {
  if (!token) throw refreshError(REFRESH_ERRORS.missing);
  const now = config.now();
  const hash = hashRefreshToken(token);
  const record = await findRefreshToken(db, hash);
  if (!record || record.revokedAt) throw refreshError(REFRESH_ERRORS.invalid);
  if (record.usedAt) {
    await revokeRefreshTokenFamily(db, record.familyId, now);
    throw refreshError(REFRESH_ERRORS.reused);
  }
  if (record.expiresAt.getTime() <= now.getTime()) throw refreshError(REFRESH_ERRORS.expired);

  const ban = await findActiveBan(db, record.wallet, now);
  if (ban) {
    await revokeRefreshTokenFamily(db, record.familyId, now);
    throw walletBannedError(ban);
  }

  const rotated = await db.transaction(async (tx) => {
    if (!(await markRefreshTokenUsed(tx, hash, now))) return null;
    return issueSession(tx, config, record.wallet, record.familyId);
  });
  if (!rotated) {
    // Lost a race against another use of the same token: treat it as reuse.
    await revokeRefreshTokenFamily(db, record.familyId, now);
    throw refreshError(REFRESH_ERRORS.reused);
  }
  return rotated;
}
