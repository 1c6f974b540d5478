import type { SupportCase } from '@jelly/contracts';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { supportRequests } from '../../db/schema/index.ts';

type SupportRow = typeof supportRequests.$inferSelect;

/** A stored case as the parties and the admins read it; undefined for a request on a live deal (a dispute). */
export function toSupportCase(row: SupportRow): SupportCase | undefined {
  if (row.state === null) return undefined;
  return {
    id: row.id,
    state: row.state,
    message: row.message,
    openedBy: row.requesterWallet,
    openedAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    closeReason: row.closeReason,
  };
}

/** The deal's latest case on an ended deal (the open one, since only one is open at a time), or null. */
export async function latestSupportCase(db: Pick<Queryable, 'select'>, orderId: number): Promise<SupportCase | null> {
  const [row] = await db
    .select()
    .from(supportRequests)
    .where(and(eq(supportRequests.orderId, orderId), isNotNull(supportRequests.state)))
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(1);
  return (row && toSupportCase(row)) ?? null;
}
