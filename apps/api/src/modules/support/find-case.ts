import type { OrderStatus } from '@jelly/domain';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { supportRequests } from '../../db/schema/index.ts';

export type SupportRow = typeof supportRequests.$inferSelect;

/**
 * The case a request on an ended deal answers with instead of opening another: the deal's open case (whoever opened
 * it), else the caller's own earlier request on the deal as it ended (a closed case, or one stored before cases had a
 * state).
 */
export async function existingCase(db: Pick<Queryable, 'select'>, orderId: number, caller: string, endedAs: OrderStatus): Promise<SupportRow | undefined> {
  const rows = await db
    .select()
    .from(supportRequests)
    .where(
      and(
        eq(supportRequests.orderId, orderId),
        or(
          eq(supportRequests.state, 'open'),
          and(eq(supportRequests.requesterWallet, caller), eq(supportRequests.statusBefore, endedAs)),
        ),
      ),
    )
    .orderBy(asc(supportRequests.createdAt));
  return rows.find((r) => r.state === 'open') ?? rows.at(-1);
}
