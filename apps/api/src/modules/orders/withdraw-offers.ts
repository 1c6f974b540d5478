import { DEAL_ACTIONS } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { queryRows } from '../../db/rows.ts';
import { enqueueReclaim } from '../deals/index.ts';

/** The deal table's cancel steps an offer's creator takes in the database (Active → Cancelled). */
const OFFER_CANCEL_STEPS = DEAL_ACTIONS.cancel.steps.filter((s) => s.by === 'creator' && s.via === 'database');

/**
 * Takes every offer of a wallet off the market by the creator's own cancel step (a ban: the wallet can no longer
 * trade), in the caller's transaction. Deals already open on those offers carry on. Each offer's escrow order and
 * vault are queued for closing, as when its creator cancels it. Returns the withdrawn offers' ids.
 */
export async function withdrawOffersOf(tx: Queryable, wallet: string, now: Date): Promise<number[]> {
  const withdrawn: number[] = [];
  for (const step of OFFER_CANCEL_STEPS) {
    const rows = await queryRows<{ order_id: number }>(tx, sql`
      UPDATE orders SET status = ${step.to}, updated_at = ${now}
      WHERE parent_order_id IS NULL AND creator_wallet = ${wallet} AND status = ${step.from}
      RETURNING order_id`);
    withdrawn.push(...rows.map((r) => Number(r.order_id)));
  }
  for (const id of withdrawn) await enqueueReclaim(tx, 'order', id, now);
  return withdrawn;
}
