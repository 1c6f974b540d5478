import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/rows.ts';

export interface OpenSupportCase {
  id: string;
  orderId: number;
  openedAt: Date;
}

/**
 * The support cases still waiting for an admin, opened before `openedBefore`: the one place that decides whether a
 * case is open — the support module's own state (a case on an ended deal is `open` until an admin closes it with a
 * reason; a request on a running deal has no state: it moved the deal to Admin Resolving, which the dispute deadline
 * watches).
 */
export async function openSupportCases(db: Queryable, openedBefore: Date, limit: number): Promise<OpenSupportCase[]> {
  const rows = await queryRows<{ id: string; order_id: string | number; created_at: string | Date }>(db, sql`
    SELECT r.id, r.order_id, r.created_at FROM support_requests r
    WHERE r.state = 'open' AND r.created_at < ${openedBefore.toISOString()}::timestamptz
    ORDER BY r.created_at LIMIT ${limit}`);
  return rows.map((r) => ({ id: r.id, orderId: Number(r.order_id), openedAt: new Date(r.created_at) }));
}
