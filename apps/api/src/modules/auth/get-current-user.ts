import type { MeResponse } from '@jelly/contracts';
import type { Database } from '../../db/connect.ts';
import { unauthorized } from '../../errors.ts';
import type { AuthUser } from './access-token.ts';
import { findUser } from './queries.ts';

/** GET /auth/me — the signed-in account. */
export async function getCurrentUser(db: Database, user: AuthUser): Promise<MeResponse> {
  const row = await findUser(db, user.wallet);
  if (!row) throw unauthorized('This account no longer exists. Please sign in again.');
  return { wallet: row.wallet, isAdmin: user.isAdmin, createdAt: row.createdAt.toISOString() };
}
