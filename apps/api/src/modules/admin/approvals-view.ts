import type { ResolveApproval } from '@jelly/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { resolveApprovals } from '../../db/schema/index.ts';

export type ApprovalRow = typeof resolveApprovals.$inferSelect;

export function toApproval(row: ApprovalRow): ResolveApproval {
  return {
    id: row.id,
    orderId: row.orderId,
    releaseTo: row.releaseTo === 'buyer' ? 'buyer' : 'seller',
    reason: row.reason,
    requestedBy: row.requestedBy,
    requestedAt: row.requestedAt.toISOString(),
    state: row.state === 'approved' ? 'approved' : row.state === 'rejected' ? 'rejected' : 'pending',
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}

/** The pending four-eyes requests of these deals, by deal. */
export async function pendingApprovals(db: Queryable, orderIds: readonly number[]): Promise<Map<number, ResolveApproval>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(resolveApprovals)
    .where(and(inArray(resolveApprovals.orderId, [...orderIds]), eq(resolveApprovals.state, 'pending')));
  return new Map(rows.map((row) => [row.orderId, toApproval(row)]));
}

/** Every four-eyes request of a deal, newest first. */
export async function approvalsOfDeal(db: Queryable, orderId: number): Promise<ResolveApproval[]> {
  const rows = await db.select().from(resolveApprovals).where(eq(resolveApprovals.orderId, orderId)).orderBy(desc(resolveApprovals.requestedAt));
  return rows.map(toApproval);
}
