import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { notifications, orders } from '../../db/schema/index.ts';
import type { Queryable } from '../../db/rows.ts';
import type { DealFacts, DealNotice } from './deal-texts.ts';

/**
 * Folds a claim into the 'Offer claimed' notification its creator got for the same offer less than `batchMinutes`
 * ago, instead of writing another (a flood of claims makes one notification with a count, not one each). The folded
 * notification turns unread again; it is not sent to Telegram again. Claims on one offer reach this point one at
 * a time: each claim's transaction holds the offer's row (its amount was just taken) until it commits.
 * Returns false when there is nothing recent to fold into.
 */
export async function foldIntoRecentClaimNotice(
  tx: Queryable,
  facts: DealFacts,
  notice: DealNotice,
  now: Date,
  batchMinutes: number,
): Promise<boolean> {
  if (facts.offerId === null) return false;
  const dealsOfOffer = tx.select({ id: orders.orderId }).from(orders).where(eq(orders.parentOrderId, facts.offerId));
  const [recent] = await tx
    .select({ id: notifications.id, data: notifications.data })
    .from(notifications)
    .where(
      and(
        eq(notifications.wallet, notice.wallet),
        eq(notifications.kind, notice.kind),
        gt(notifications.createdAt, new Date(now.getTime() - batchMinutes * 60_000)),
        inArray(notifications.orderId, dealsOfOffer),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(1);
  if (!recent) return false;
  const claims = (typeof recent.data.claims === 'number' ? recent.data.claims : 1) + 1;
  await tx
    .update(notifications)
    .set({
      message: `${claims} claims on your offer #${facts.offerId} in the last ${batchMinutes} minutes; the latest: ${notice.message}`,
      data: { ...recent.data, claims, latestDealId: facts.orderId },
      isRead: false,
      readAt: null,
    })
    .where(eq(notifications.id, recent.id));
  return true;
}
