import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { authNonces, bans, refreshTokens, users } from '../../db/schema/index.ts';

export type NonceRow = typeof authNonces.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function findNonce(db: Database, nonce: string): Promise<NonceRow | undefined> {
  const [row] = await db.select().from(authNonces).where(eq(authNonces.nonce, nonce));
  return row;
}

export async function findUser(db: Database, wallet: string) {
  const [row] = await db.select().from(users).where(eq(users.wallet, wallet));
  return row;
}

/** The ban that ends last among the wallet's active bans (not lifted, until in the future). */
export async function findActiveBan(db: Database, wallet: string, now: Date) {
  const [row] = await db
    .select({ reason: bans.reason, until: bans.until })
    .from(bans)
    .where(and(eq(bans.wallet, wallet), gt(bans.until, now), isNull(bans.liftedAt)))
    .orderBy(desc(bans.until))
    .limit(1);
  return row;
}

export async function findRefreshToken(db: Database, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}
