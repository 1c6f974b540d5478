import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/rows.ts';
import { notifyDealStatus } from '../notifications/index.ts';
import { dealTransactions, orders } from '../../db/schema/index.ts';
import { isFinalStatus, type OrderStatus } from '@jelly/domain';
import type { DealRecord } from './deal-record.ts';
import { enqueueDealEnded } from './reclaim-rent/queue.ts';

export type { Queryable };

const offer = alias(orders, 'offer');

const dealColumns = {
  orderId: orders.orderId,
  offerId: orders.parentOrderId,
  creatorWallet: orders.creatorWallet,
  acceptorWallet: orders.acceptorWallet,
  offerSide: orders.offerSide,
  status: orders.status,
  tokenMint: orders.tokenMint,
  tokenName: orders.tokenName,
  tokenDecimal: orders.tokenDecimal,
  price: orders.price,
  fiatCode: orders.fiatCode,
  amount: orders.amount,
  fiatAmountCents: orders.fiatAmountCents,
  offerTotalAmount: offer.totalAmount,
  paymentDeadline: orders.paymentDeadline,
  lockedAt: orders.lockedAt,
};

type DealRow = Omit<DealRecord, 'offerId' | 'amount' | 'fiatAmountCents' | 'offerTotalAmount'> & {
  offerId: number | null;
  amount: string;
  fiatAmountCents: string | null;
  offerTotalAmount: string;
};

function toDeal(row: DealRow): DealRecord {
  if (row.offerId === null) throw new Error(`order ${row.orderId} is not a deal`);
  return {
    ...row,
    offerId: row.offerId,
    amount: BigInt(row.amount),
    fiatAmountCents: row.fiatAmountCents === null ? null : BigInt(row.fiatAmountCents),
    offerTotalAmount: BigInt(row.offerTotalAmount),
  };
}

/** A deal (child order) with its offer's total; undefined for an unknown id or an offer. */
export async function findDeal(db: Queryable, dealId: number): Promise<DealRecord | undefined> {
  const [row] = await db
    .select(dealColumns)
    .from(orders)
    .innerJoin(offer, eq(offer.orderId, orders.parentOrderId))
    .where(eq(orders.orderId, dealId));
  return row ? toDeal(row) : undefined;
}

/** Whether this id is an order at all (offer or deal). */
export async function orderExists(db: Queryable, orderId: number): Promise<{ isDeal: boolean } | undefined> {
  const [row] = await db.select({ parent: orders.parentOrderId }).from(orders).where(eq(orders.orderId, orderId));
  return row ? { isDeal: row.parent !== null } : undefined;
}

/** The caller's deals in the given statuses (newest first, bounded): the candidates a ticket account may belong to. */
export async function findDealsOfWallet(db: Queryable, wallet: string, statuses: readonly OrderStatus[], limit = 200): Promise<DealRecord[]> {
  const rows = await db
    .select(dealColumns)
    .from(orders)
    .innerJoin(offer, eq(offer.orderId, orders.parentOrderId))
    .where(
      and(
        isNotNull(orders.parentOrderId),
        inArray(orders.status, [...statuses]),
        or(eq(orders.creatorWallet, wallet), eq(orders.acceptorWallet, wallet)),
      ),
    )
    .orderBy(sql`${orders.orderId} desc`)
    .limit(limit);
  return rows.map(toDeal);
}

/**
 * Moves a deal from one of `from` to `to` (conditional: only one writer wins) and keeps the offer's books:
 * `returnToOffer` gives the deal's amount back to the offer's available amount (cancel, expiry, refund),
 * `fillOffer` adds it to the offer's filled quantity (settlement, release). Returns false when the deal was not
 * in `from` any more (someone else moved it first): nothing is changed then.
 */
export async function moveDeal(
  db: Queryable,
  deal: Pick<DealRecord, 'orderId' | 'offerId' | 'amount'>,
  from: readonly OrderStatus[],
  to: OrderStatus,
  now: Date,
  books: { returnToOffer?: boolean; fillOffer?: boolean; lockSignature?: string } = {},
): Promise<boolean> {
  const moved = await db
    .update(orders)
    .set({
      status: to,
      updatedAt: now,
      ...(books.fillOffer ? { filledQuantity: sql`${orders.amount}` } : {}),
      ...(books.lockSignature ? { lockedAt: now, lockSignature: books.lockSignature } : {}),
    })
    .where(and(eq(orders.orderId, deal.orderId), inArray(orders.status, [...from])))
    .returning({ orderId: orders.orderId });
  if (moved.length === 0) return false;
  const amount = deal.amount.toString();
  if (books.returnToOffer) {
    await db
      .update(orders)
      .set({ amount: sql`${orders.amount} + ${amount}::numeric`, updatedAt: now })
      .where(eq(orders.orderId, deal.offerId));
  }
  if (books.fillOffer) {
    await db
      .update(orders)
      .set({ filledQuantity: sql`${orders.filledQuantity} + ${amount}::numeric`, updatedAt: now })
      .where(eq(orders.orderId, deal.offerId));
  }
  // The escrow accounts the admin funded for this deal are queued for closing in this same transaction.
  if (isFinalStatus(to)) await enqueueDealEnded(db, deal, now);
  // Notifications: the parties hear about the move in this same transaction.
  await notifyDealStatus(db, deal.orderId, now);
  return true;
}

export type DealTransactionRow = typeof dealTransactions.$inferSelect;

export async function findDealTransaction(db: Queryable, signature: string): Promise<DealTransactionRow | undefined> {
  const [row] = await db.select().from(dealTransactions).where(eq(dealTransactions.signature, signature));
  return row;
}

export async function findPendingTransactionOfDeal(db: Queryable, dealId: number): Promise<DealTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(dealTransactions)
    .where(and(eq(dealTransactions.orderId, dealId), eq(dealTransactions.state, 'pending')));
  return row;
}

/** Pending transactions last touched before `cutoff`, oldest first. */
export async function findStalePendingTransactions(db: Queryable, cutoff: Date, limit: number): Promise<DealTransactionRow[]> {
  return db
    .select()
    .from(dealTransactions)
    .where(and(eq(dealTransactions.state, 'pending'), lt(dealTransactions.updatedAt, cutoff)))
    .orderBy(dealTransactions.updatedAt)
    .limit(limit);
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

export async function finishTransaction(
  db: Queryable,
  signature: string,
  now: Date,
  outcome: { state: 'confirmed'; resultStatus: OrderStatus } | { state: 'failed'; errorCode: string | null; errorMessage: string },
): Promise<void> {
  await db
    .update(dealTransactions)
    .set({
      state: outcome.state,
      updatedAt: now,
      rawTransaction: null,
      ...(outcome.state === 'confirmed'
        ? { resultStatus: outcome.resultStatus }
        : { errorCode: outcome.errorCode, errorMessage: outcome.errorMessage }),
    })
    .where(eq(dealTransactions.signature, signature));
}

/** Forgets a pending transaction that never reached the chain (refused by simulation or by the node). */
export async function deletePendingTransaction(db: Queryable, signature: string): Promise<void> {
  await db
    .delete(dealTransactions)
    .where(and(eq(dealTransactions.signature, signature), eq(dealTransactions.state, 'pending')));
}
