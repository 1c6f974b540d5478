import { EscrowError, escrowMessage } from '@jelly/escrow';
import { DISPUTE_NOT_POSSIBLE, NOT_A_PARTY, OrderStatus, actionAllowedFrom, isDealParty } from '@jelly/domain';
import type { Database } from '../../db/connect.ts';
import { AppError, forbidden } from '../../errors.ts';
import type { DealRecord } from './deal-record.ts';
import { moveDeal } from './deal-writes.ts';
import { findDeal, orderExists, type Queryable } from './queries.ts';


export interface OpenedDispute {
  deal: DealRecord;
  statusBefore: OrderStatus;
  /** false when the deal already was Admin Resolving. */
  changed: boolean;
}

/**
 * A party asks the admins to step in: the deal moves to Admin Resolving (5) from In Progress, Locked or Signed By
 * One Party (conditional update, so it cannot overwrite a concurrent settlement). The user's on-chain actions stop
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
    if (deal.status === OrderStatus.AdminResolving) return { deal, statusBefore: deal.status, changed: false };
    if (!actionAllowedFrom('supportRequest', deal.status)) throw new AppError('CONFLICT', DISPUTE_NOT_POSSIBLE);
    if (await moveDeal(db, deal, [deal.status], OrderStatus.AdminResolving, now)) {
      return { deal: { ...deal, status: OrderStatus.AdminResolving }, statusBefore: deal.status, changed: true };
    }
    // the deal moved meanwhile (a lock or signature landed): look again
  }
  throw new AppError('CONFLICT', 'The deal is changing right now. Try again in a moment.');
}
