import type { PayoutWait } from '@jelly/contracts';
import { ESCROW_STATUSES, cryptoSideWallet, fiatSideWallet, fromBaseUnits } from '@jelly/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import type { Queryable } from '../../db/rows.ts';
import { dealPayoutWaits, orders, type RecordedResolution } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { notifyPayoutWaitsForAccount } from '../notifications/index.ts';
import type { DealRecord } from './deal-record.ts';

export type PayoutWaitRow = typeof dealPayoutWaits.$inferSelect;

/** What waits: the payment-window refund, or an admin's decision (to send as it was decided). */
export type WaitingSend = { kind: 'refund_expired' } | { kind: 'resolution'; releaseTo: 'buyer' | 'seller'; decision: RecordedResolution };

/** The refusal of a send whose recipient has no token account for the deal's coin (recipientAccountMissing). */
export function isRecipientAccountMissing(error: unknown): error is AppError {
  return error instanceof AppError && error.details?.reason === 'recipient_account_missing';
}

/**
 * A send refused for the recipient's missing token account: recorded (its recipient, the coin, since when, what to
 * send) and the recipient told once what to do, in one transaction. A later refusal of the same deal keeps `since`
 * and takes the latest decision (an admin may decide again).
 */
export async function recordPayoutWait(db: Database, deal: DealRecord, send: WaitingSend, now: Date): Promise<void> {
  const recipient = send.kind === 'refund_expired' ? 'seller' : send.releaseTo;
  const wallet = recipient === 'seller' ? cryptoSideWallet(deal) : fiatSideWallet(deal);
  if (!wallet) return;
  const resolution = send.kind === 'resolution' ? send.decision : null;
  await db.transaction(async (tx) => {
    await tx
      .insert(dealPayoutWaits)
      .values({ orderId: deal.orderId, kind: send.kind, recipient, recipientWallet: wallet, mint: deal.tokenMint, resolution, since: now })
      .onConflictDoUpdate({
        target: dealPayoutWaits.orderId,
        set: { kind: send.kind, recipient, recipientWallet: wallet, mint: deal.tokenMint, resolution },
        // an admin's recorded decision is never replaced by the payment window's refund
        ...(send.kind === 'resolution' ? {} : { setWhere: ne(dealPayoutWaits.kind, 'resolution') }),
      });
    await notifyPayoutWaitsForAccount(tx, {
      wallet,
      orderId: deal.orderId,
      recipient,
      symbol: deal.tokenName,
      amountText: fromBaseUnits(deal.amount, deal.tokenDecimal),
      now,
    });
  });
}

/** The send landed (or the chain moved the deal on): nothing waits any more. */
export async function clearPayoutWait(db: Queryable, orderId: number): Promise<void> {
  await db.delete(dealPayoutWaits).where(eq(dealPayoutWaits.orderId, orderId));
}

/** The recorded wait of a deal whose tokens are still in escrow (a row left behind by a deal that ended is ignored). */
export async function findPayoutWait(db: Queryable, orderId: number): Promise<PayoutWaitRow | undefined> {
  const [row] = await db
    .select({ wait: dealPayoutWaits })
    .from(dealPayoutWaits)
    .innerJoin(orders, eq(orders.orderId, dealPayoutWaits.orderId))
    .where(and(eq(dealPayoutWaits.orderId, orderId), inArray(orders.status, [...ESCROW_STATUSES])));
  return row?.wait;
}

/** An admin decided this deal and the decision waits for its recipient: the payment window must not refund it. */
export async function hasRecordedResolution(db: Queryable, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ orderId: dealPayoutWaits.orderId })
    .from(dealPayoutWaits)
    .where(and(eq(dealPayoutWaits.orderId, orderId), eq(dealPayoutWaits.kind, 'resolution')));
  return row !== undefined;
}

/** The deal view's `waitingForAccount`: shown to both parties (the recipient gets the button, the other a note). */
export async function payoutWaitOf(db: Queryable, orderId: number): Promise<PayoutWait | null> {
  const wait = await findPayoutWait(db, orderId);
  if (!wait) return null;
  return { recipient: wait.recipient === 'buyer' ? 'buyer' : 'seller', mint: wait.mint, since: wait.since.toISOString() };
}
