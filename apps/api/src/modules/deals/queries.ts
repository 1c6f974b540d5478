import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/rows.ts';
import { dealTransactions, orders } from '../../db/schema/index.ts';
import type { OrderStatus } from '@jelly/domain';
import type { DealRecord } from './deal-record.ts';

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

/** How many resolutions of the deal were reserved before (any state): a later one's bytes are told apart by it. */
export async function countResolutionAttempts(db: Queryable, orderId: number): Promise<number> {
  const rows = await db
    .select({ signature: dealTransactions.signature })
    .from(dealTransactions)
    .where(and(eq(dealTransactions.orderId, orderId), eq(dealTransactions.kind, 'admin_resolve')));
  return rows.length;
}
