import { randomUUID } from 'node:crypto';
import { adminAuditLog } from '../../db/schema/index.ts';
import type { Queryable } from '../../db/rows.ts';

/**
 * One audit row for an admin's act on a Coin Jelly order. The audit log's order column points at P2P orders, so
 * the Coin Jelly order's id travels in details.jellyId.
 */
export async function auditJelly(db: Queryable, entry: { actor: string; action: string; jellyId: number; details: Record<string, unknown>; at: Date }): Promise<void> {
  await db.insert(adminAuditLog).values({
    id: randomUUID(),
    actor: entry.actor,
    action: entry.action,
    orderId: null,
    details: { jellyId: entry.jellyId, ...entry.details },
    createdAt: entry.at,
  });
}
