import { and, desc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { reviews, traderStats, userBlocks } from '../../db/schema/index.ts';

export type ReviewRow = typeof reviews.$inferSelect;

export async function reviewsOf(db: Database, wallet: string, skip: number, take: number): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.toWallet, wallet))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .offset(skip)
    .limit(take);
}

/** Reviews received and their average score (2 decimals), from the counters the reviews trigger keeps. */
export async function reviewTotals(db: Database, wallet: string): Promise<{ total: number; average: number | null }> {
  const [row] = await db
    .select({ total: traderStats.reviewsCount, sum: traderStats.reviewsScoreSum })
    .from(traderStats)
    .where(eq(traderStats.wallet, wallet));
  const total = row?.total ?? 0;
  return { total, average: row && total > 0 ? Math.round((row.sum / total) * 100) / 100 : null };
}

export async function reviewsOfDeal(db: Database, dealId: number): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(eq(reviews.dealId, dealId));
}

/** Whether either wallet blocked the other (a block works both ways for claiming offers). */
export async function isBlockedEitherWay(db: Pick<Database, 'select'>, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blocker: userBlocks.blockerWallet })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerWallet, a), eq(userBlocks.blockedWallet, b)),
        and(eq(userBlocks.blockerWallet, b), eq(userBlocks.blockedWallet, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
