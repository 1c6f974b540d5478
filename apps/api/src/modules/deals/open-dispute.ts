import { EscrowError, escrowMessage } from '@jelly/escrow';
import {
  DISPUTE_NOT_POSSIBLE,
  NOT_A_PARTY,
  OrderStatus,
  SUPPORT_WINDOW_CLOSED,
  actionAllowedFrom,
  canRequestSupportAfterEnd,
  endedForSupport,
  isDealParty,
} from '@jelly/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { orders } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../errors.ts';
import type { DealRecord } from './deal-record.ts';
import { moveDeal } from './deal-writes.ts';
import { findDeal, orderExists, type Queryable } from './queries.ts';

export interface OpenedDispute {
  deal: DealRecord;
  statusBefore: OrderStatus;
  /** false when the deal already was Admin Resolving, or had ended (a case on an ended deal moves nothing). */
  changed: boolean;
  /** A case on a deal that completed, expired or was cancelled within the last 24 hours. */
  afterEnd: boolean;
}

/**
 * A party asks the admins to step in: the deal moves to Admin Resolving (5) from In Progress, Locked or Signed By
 * One Party (conditional update, so it cannot overwrite a concurrent settlement). On a deal that expired or was
 * cancelled less than 24 hours ago the request opens a case and the deal does not move. The user's on-chain actions stop
 * there (the co-signer refuses them); the payment-window job leaves it alone; the admin resolves it.
 */
export async function openDispute(db: Database | Queryable, dealId: number, caller: string, now: Date): Promise<OpenedDispute> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const deal = await findDeal(db, dealId);
    if (!deal) {
      if (await orderExists(db, dealId)) throw new AppError('CONFLICT', DISPUTE_NOT_POSSIBLE);
      throw new AppError('NOT_FOUND', escrowMessage(EscrowError.OrderNotFound));
    }
    if (!isDealParty(deal, caller)) throw forbidden(NOT_A_PARTY);
    if (deal.status === OrderStatus.AdminResolving) return { deal, statusBefore: deal.status, changed: false, afterEnd: false };
    if (endedForSupport(deal)) {
      // The tokens went back already: the case is recorded for the admins and the deal stays as it ended.
      const [row] = await db.select({ updatedAt: orders.updatedAt }).from(orders).where(eq(orders.orderId, deal.orderId));
      if (!row || !canRequestSupportAfterEnd({ ...deal, updatedAt: row.updatedAt }, caller, now)) {
        throw new AppError('CONFLICT', SUPPORT_WINDOW_CLOSED);
      }
      return { deal, statusBefore: deal.status, changed: false, afterEnd: true };
    }
    if (!actionAllowedFrom('supportRequest', deal.status)) throw new AppError('CONFLICT', DISPUTE_NOT_POSSIBLE);
    if (await moveDeal(db, deal, 'dispute_opened', { seen: deal.status }, now)) {
      return { deal: { ...deal, status: OrderStatus.AdminResolving }, statusBefore: deal.status, changed: true, afterEnd: false };
    }
    // the deal moved meanwhile (a lock or signature landed): look again
  }
  throw new AppError('CONFLICT', 'The deal is changing right now. Try again in a moment.');
}
