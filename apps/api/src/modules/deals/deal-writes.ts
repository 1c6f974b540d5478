import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DEAL_MOVES, isFinalStatus, type DealMoveName, type OrderStatus } from '@jelly/domain';
import type { Queryable } from '../../db/rows.ts';
import { dealTransactions, orders } from '../../db/schema/index.ts';
import { notifyDealStatus, type DealStatusNote } from '../notifications/index.ts';
import type { DealRecord } from './deal-record.ts';
import { enqueueDealEnded } from './reclaim-rent/queue.ts';

/**
 * Applies one of the deal's named moves (DEAL_MOVES, @jelly/domain deal-moves.ts): conditional on the deal still
 * being in one of the move's sources, so only one writer wins, and keeping the offer's books as the move says (its
 * amount given back, or its filled quantity grown). Returns false when the deal was not in a source any more
 * (someone else moved it first), or `seen` is no source of the move: nothing is changed then.
 */
export async function moveDeal(
  db: Queryable,
  deal: Pick<DealRecord, 'orderId' | 'offerId' | 'amount'>,
  name: DealMoveName,
  /** seen: move only from the status the caller judged the deal in (one of the move's sources). */
  change: { lockSignature?: string | undefined; note?: DealStatusNote; seen?: OrderStatus },
  now: Date,
): Promise<boolean> {
  const { to, books } = DEAL_MOVES[name];
  const from = change.seen === undefined ? DEAL_MOVES[name].from : DEAL_MOVES[name].from.filter((status) => status === change.seen);
  if (from.length === 0) return false;
  const moved = await db
    .update(orders)
    .set({
      status: to,
      updatedAt: now,
      ...(books === 'fill' ? { filledQuantity: sql`${orders.amount}` } : {}),
      ...(change.lockSignature ? { lockedAt: now, lockSignature: change.lockSignature } : {}),
    })
    .where(and(eq(orders.orderId, deal.orderId), inArray(orders.status, [...from])))
    .returning({ orderId: orders.orderId });
  if (moved.length === 0) return false;
  const amount = deal.amount.toString();
  if (books === 'return') {
    await db
      .update(orders)
      .set({ amount: sql`${orders.amount} + ${amount}::numeric`, updatedAt: now })
      .where(eq(orders.orderId, deal.offerId));
  }
  if (books === 'fill') {
    await db
      .update(orders)
      .set({ filledQuantity: sql`${orders.filledQuantity} + ${amount}::numeric`, updatedAt: now })
      .where(eq(orders.orderId, deal.offerId));
  }
  // The escrow accounts the admin funded for this deal are queued for closing in this same transaction.
  if (isFinalStatus(to)) await enqueueDealEnded(db, deal, now);
  // Notifications: the parties hear about the move in this same transaction.
  await notifyDealStatus(db, deal.orderId, now, change.note ?? {});
  return true;
}

/**
 * Records a transaction as pending; false when this signature is already recorded or the deal already has a
 * pending transaction (the partial unique index), so exactly one action per deal is in flight.
 */
export async function insertPendingTransaction(
  db: Queryable,
  row: Omit<typeof dealTransactions.$inferInsert, 'state' | 'updatedAt'>,
): Promise<boolean> {
  const inserted = await db
    .insert(dealTransactions)
    .values({ ...row, state: 'pending', updatedAt: row.createdAt })
    .onConflictDoNothing()
    .returning({ signature: dealTransactions.signature });
  return inserted.length === 1;
}

/** The admin-signed bytes of a pending transaction, written by the gate with its charge, before the send. */
export async function setPendingRaw(db: Queryable, signature: string, rawTransaction: string): Promise<boolean> {
  const set = await db
    .update(dealTransactions)
    .set({ rawTransaction })
    .where(and(eq(dealTransactions.signature, signature), eq(dealTransactions.state, 'pending')))
    .returning({ signature: dealTransactions.signature });
  return set.length > 0;
}

/**
 * Fails a pending row whose bytes the gate never recorded (its process died, or its database failed, between the
 * reservation and the gate): nobody holds them signed, so it can never land. Conditional on both, under the row's
 * lock, so a slow process's gate that records them later finds the row failed and signs nothing (setPendingRaw).
 */
export async function failUnrecorded(db: Queryable, signature: string, now: Date, errorMessage: string): Promise<boolean> {
  const failed = await db
    .update(dealTransactions)
    .set({ state: 'failed', updatedAt: now, errorCode: 'TRANSACTION_FAILED', errorMessage })
    .where(and(eq(dealTransactions.signature, signature), eq(dealTransactions.state, 'pending'), isNull(dealTransactions.rawTransaction)))
    .returning({ signature: dealTransactions.signature });
  return failed.length > 0;
}

/** Records a pending transaction's outcome; false when it was no longer pending (another process recorded it). */
export async function finishTransaction(
  db: Queryable,
  signature: string,
  now: Date,
  outcome: { state: 'confirmed'; resultStatus: OrderStatus } | { state: 'failed'; errorCode: string | null; errorMessage: string },
): Promise<boolean> {
  const finished = await db
    .update(dealTransactions)
    .set({
      state: outcome.state,
      updatedAt: now,
      rawTransaction: null,
      ...(outcome.state === 'confirmed'
        ? { resultStatus: outcome.resultStatus }
        : { errorCode: outcome.errorCode, errorMessage: outcome.errorMessage }),
    })
    .where(and(eq(dealTransactions.signature, signature), eq(dealTransactions.state, 'pending')))
    .returning({ signature: dealTransactions.signature });
  return finished.length === 1;
}

/** Forgets a pending transaction that never reached the chain (refused by simulation or by the node). */
export async function deletePendingTransaction(db: Queryable, signature: string): Promise<void> {
  await db
    .delete(dealTransactions)
    .where(and(eq(dealTransactions.signature, signature), eq(dealTransactions.state, 'pending')));
}
