import type { AdminResolution } from '@jelly/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { adminAuditLog } from '../../db/schema/index.ts';
import type { Queryable } from './queries.ts';

const RESOLVE_ACTIONS = { resolve_to_buyer: 'buyer', resolve_to_seller: 'seller' } as const;

/**
 * The admin's decision on a deal, as both parties read it: who received the tokens and the reason the admin gave.
 * Read from the resolution's audit row (one per deal: a second resolution is refused); null when none was made.
 */
export async function adminResolutionOf(db: Queryable, orderId: number): Promise<AdminResolution | null> {
  const [row] = await db
    .select({ action: adminAuditLog.action, details: adminAuditLog.details, at: adminAuditLog.createdAt })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.orderId, orderId), inArray(adminAuditLog.action, Object.keys(RESOLVE_ACTIONS))))
    .orderBy(desc(adminAuditLog.createdAt))
    .limit(1);
  if (!row) return null;
  const reason = (row.details as { reason?: unknown }).reason;
  return {
    releasedTo: RESOLVE_ACTIONS[row.action as keyof typeof RESOLVE_ACTIONS],
    reason: typeof reason === 'string' && reason ? reason : null,
    resolvedAt: row.at.toISOString(),
  };
}
