import type { RatingSummary } from '@jelly/contracts';
import { countDistinct, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { orders, supportRequests, traderStats, users } from '../../db/schema/index.ts';

/**
 * GET /rating/{wallet}/summary — the deal header's 'N Trades | Mon YYYY'. `disputes` (the wire name for N, kept for compatibility)
 * counts the wallet's deals that ended Completed, as the header calls them trades (trader_stats, kept by a trigger);
 * `disputesOpened` counts its deals that went to the admins; accountCreatedAt is the first sign-in. completedDeals is
 * the same count under its own name; reviewsCount counts reviews (never reports).
 */
export async function ratingSummary(db: Database, wallet: string): Promise<RatingSummary> {
  const [stats] = await db
    .select({ completed: traderStats.completed, reviews: traderStats.reviewsCount })
    .from(traderStats)
    .where(eq(traderStats.wallet, wallet));
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.wallet, wallet));
  const [disputes] = await db
    .select({ deals: countDistinct(supportRequests.orderId) })
    .from(supportRequests)
    .innerJoin(orders, eq(orders.orderId, supportRequests.orderId))
    .where(or(eq(orders.creatorWallet, wallet), eq(orders.acceptorWallet, wallet)));
  return {
    disputes: stats?.completed ?? 0,
    accountCreatedAt: user ? user.createdAt.toISOString() : null,
    disputesOpened: disputes?.deals ?? 0,
    reviewsCount: stats?.reviews ?? 0,
    completedDeals: stats?.completed ?? 0,
  };
}
