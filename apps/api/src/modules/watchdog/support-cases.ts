import { SUPPORT_AFTER_END_HOURS, SUPPORT_AFTER_END_STATUSES } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/rows.ts';

export interface OpenSupportCase {
  id: string;
  orderId: number;
  openedAt: Date;
}

/**
 * The support cases still waiting for an admin, opened before `openedBefore`: THE ONE PLACE that decides whether a
 * case is open. Today a case has no state of its own, so a case is open when it was made on a deal that had ended
 * (a case on a running deal moves it to Admin Resolving, which the dispute deadline watches), within the
 * SUPPORT_AFTER_END_HOURS after the ending, the deal has not moved since, and no admin has acted on the deal since
 * the case came in. When support_requests gets its own state, this reads `state = 'open'` instead.
 */
export async function openSupportCases(db: Queryable, openedBefore: Date, limit: number): Promise<OpenSupportCase[]> {
  const ended = sql.join(SUPPORT_AFTER_END_STATUSES.map((status) => sql`${status}`), sql`, `);
  const rows = await queryRows<{ id: string; order_id: string | number; created_at: string | Date }>(db, sql`
    SELECT r.id, r.order_id, r.created_at FROM support_requests r JOIN orders o ON o.order_id = r.order_id
    WHERE r.status_before IN (${ended}) AND o.status = r.status_before
      AND r.created_at <= o.updated_at + make_interval(hours => ${SUPPORT_AFTER_END_HOURS})
      AND r.created_at < ${openedBefore.toISOString()}::timestamptz
      AND NOT EXISTS (
        SELECT 1 FROM admin_audit_log a
        WHERE a.order_id = r.order_id AND a.created_at >= r.created_at AND a.actor NOT LIKE 'server:%')
    ORDER BY r.created_at LIMIT ${limit}`);
  return rows.map((r) => ({ id: r.id, orderId: Number(r.order_id), openedAt: new Date(r.created_at) }));
}
