import { randomUUID } from 'node:crypto';
import { adminAuditLog } from '../../db/schema/index.ts';
import type { Queryable } from './queries.ts';

/** Writes one audit row for an admin (or automatic server) action on a deal. */
export async function audit(
  db: Queryable,
  entry: { actor: string; action: string; orderId: number | null; details?: Record<string, unknown>; at: Date },
): Promise<void> {
  await db.insert(adminAuditLog).values({
    id: randomUUID(),
    actor: entry.actor,
    action: entry.action,
    orderId: entry.orderId,
    details: entry.details ?? {},
    createdAt: entry.at,
  });
}
