import type { DealWindow, WindowExtension } from '@jelly/contracts';
import type { WindowExtensionRecord, WindowExtensionState } from '@jelly/domain';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../../db/rows.ts';
import { dealWindowExtensions, orders } from '../../../db/schema/index.ts';

export interface WindowDealRow {
  orderId: number;
  status: number;
  creatorWallet: string;
  acceptorWallet: string | null;
  paymentDeadline: Date | null;
}

export type ExtensionRow = typeof dealWindowExtensions.$inferSelect;

const windowColumns = {
  orderId: orders.orderId,
  status: orders.status,
  creatorWallet: orders.creatorWallet,
  acceptorWallet: orders.acceptorWallet,
  paymentDeadline: orders.paymentDeadline,
};

/**
 * A deal's window fields; `forUpdate` takes the deal row's lock, which serialises every act on its window with the
 * payment-window job (a writer that changes the deadline or the status waits for the other, then reads its result).
 */
export async function findWindowDeal(db: Queryable, dealId: number, forUpdate = false): Promise<WindowDealRow | undefined> {
  const query = db
    .select(windowColumns)
    .from(orders)
    .where(and(eq(orders.orderId, dealId), isNotNull(orders.parentOrderId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function listExtensions(db: Queryable, dealId: number): Promise<ExtensionRow[]> {
  return db.select().from(dealWindowExtensions).where(eq(dealWindowExtensions.dealId, dealId)).orderBy(asc(dealWindowExtensions.seq));
}

export const toRecord = (row: ExtensionRow): WindowExtensionRecord => ({
  id: row.id,
  requestedBy: row.requestedBy,
  minutes: row.minutes,
  state: row.state as WindowExtensionState,
});

/** A stored request for more time as the API answers it (the deal window, the admin's deal page). */
export function toWindowExtension(row: ExtensionRow): WindowExtension {
  return {
    id: row.id,
    requestedBy: row.requestedBy,
    minutes: row.minutes as WindowExtension['minutes'],
    state: row.state as WindowExtensionState,
    answeredBy: row.answeredBy,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

export function toDealWindow(deal: WindowDealRow, extensions: readonly ExtensionRow[]): DealWindow {
  return {
    orderId: deal.orderId,
    paymentDeadline: deal.paymentDeadline?.toISOString() ?? null,
    extensions: extensions.map(toWindowExtension),
  };
}
