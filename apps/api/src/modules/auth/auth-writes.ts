import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { authNonces, refreshTokens, users } from '../../db/schema/index.ts';

export async function insertNonce(db: Database, row: typeof authNonces.$inferInsert): Promise<void> {
  await db.insert(authNonces).values(row);
}

/** Marks the nonce used if nobody did before; false when it was already used (race-safe). */
export async function consumeNonce(db: Database, nonce: string, wallet: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(authNonces)
    .set({ usedAt: now })
    .where(
      and(
        eq(authNonces.nonce, nonce),
        eq(authNonces.wallet, wallet),
        isNull(authNonces.usedAt),
        gt(authNonces.expiresAt, now),
      ),
    )
    .returning({ nonce: authNonces.nonce });
  return rows.length === 1;
}

/** Housekeeping: nonces stop mattering once expired; keep a day for troubleshooting. */
export async function deleteNoncesExpiredBefore(db: Database, cutoff: Date): Promise<void> {
  await db.delete(authNonces).where(lt(authNonces.expiresAt, cutoff));
}

/** Creates the user on first sign-in and returns the account creation date. */
export async function recordSignIn(db: Database, wallet: string, now: Date): Promise<{ createdAt: Date }> {
  const [row] = await db
    .insert(users)
    .values({ wallet, createdAt: now, lastSignInAt: now })
    .onConflictDoUpdate({ target: users.wallet, set: { lastSignInAt: now } })
    .returning({ createdAt: users.createdAt });
  if (!row) throw new Error('recordSignIn returned no row');
  return row;
}

export async function insertRefreshToken(db: Database, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

/** Marks a live token as rotated; false when it was already used or revoked (race-safe). */
export async function markRefreshTokenUsed(db: Database, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return rows.length === 1;
}

export async function revokeRefreshTokenFamily(db: Database, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
