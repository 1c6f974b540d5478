import type { AuthDeps } from './session.ts';
import { revokeRefreshTokenFamily } from './auth-writes.ts';
import { findRefreshToken } from './queries.ts';
import { hashRefreshToken } from './refresh-token.ts';

/** POST /auth/logout — revokes the presented refresh token's family; unknown or missing tokens are a no-op. */
export async function logout({ db, config }: AuthDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  const record = await findRefreshToken(db, hashRefreshToken(token));
  if (record) await revokeRefreshTokenFamily(db, record.familyId, config.now());
}
