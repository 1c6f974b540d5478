import { UNDERWAY_STATUSES } from '@jelly/domain';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { queryRows } from '../../db/rows.ts';
import { dealReviewFlags } from '../../db/schema/index.ts';

/**
 * Flags every running deal of a wallet (either party) for an admin's review, in the caller's transaction: the
 * wallet was banned and can no longer act on them. The chain is not touched. A deal already flagged keeps its first
 * flag. Returns the newly flagged deals' ids.
 */
export async function flagRunningDealsOf(tx: Queryable, wallet: string, flag: { reason: string; by: string; at: Date }): Promise<number[]> {
  const rows = await queryRows<{ order_id: number }>(tx, sql`
    INSERT INTO deal_review_flags (order_id, reason, flagged_by, flagged_at)
    SELECT order_id, ${flag.reason}, ${flag.by}, ${flag.at} FROM orders
    WHERE parent_order_id IS NOT NULL AND (creator_wallet = ${wallet} OR acceptor_wallet = ${wallet})
      AND status IN (${sql.join(UNDERWAY_STATUSES.map((s) => sql`${s}`), sql`, `)})
    ON CONFLICT (order_id) DO NOTHING
    RETURNING order_id`);
  return rows.map((r) => Number(r.order_id));
}

/** Clears a deal's review flag once an admin has decided it. */
export async function clearReviewFlag(db: Queryable, dealId: number): Promise<void> {
  await db.delete(dealReviewFlags).where(eq(dealReviewFlags.orderId, dealId));
}
