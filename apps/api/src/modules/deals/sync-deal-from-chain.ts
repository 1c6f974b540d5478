import type { DealMoveName } from '@jelly/domain';
import type { FillTicket } from '@jelly/escrow';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { readTicket } from './chain/read-ticket.ts';
import type { DealRecord } from './deal-record.ts';
import { moveDeal } from './deal-writes.ts';
import { findDeal } from './queries.ts';

export interface SyncOptions {
  /** A refund by the admin means Expired (the payment-window job) rather than Admin Resolved (a dispute). */
  refundMeans?: 'expired' | 'resolved';
  /** The lock's signature, recorded on the deal when the lock is what moved it. */
  lockSignature?: string;
  /** The admin's reason for a resolution: the parties' notification carries it. */
  resolutionReason?: string | null;
}

/** The deal move the ticket's on-chain state calls for (DEAL_MOVES: the chain's moves). */
export function moveForTicket(ticket: FillTicket, options: SyncOptions = {}): DealMoveName {
  switch (ticket.status) {
    case 'Locked':
      return ticket.fiatGuySigned && !ticket.cryptoGuySigned ? 'fiat_signed' : 'locked';
    case 'Settled':
      return 'settled';
    case 'ReleasedByAdmin':
      return 'released_by_admin';
    case 'Cancelled':
      return 'cancelled_on_chain';
    case 'RefundedByAdmin':
      return options.refundMeans === 'expired' ? 'refunded_at_expiry' : 'refunded_by_admin';
  }
}

/**
 * Moves the deal's status to what the chain shows for its ticket (the chain is the truth for on-chain states):
 * lock → 8, the fiat side's signature → 2, settlement → 3 (the offer's filled quantity grows), the fiat side's
 * cancel → 4 (the amount goes back to the offer), admin release → 6, admin refund → 6 or 7 (payment window).
 * One conditional UPDATE: concurrent syncs move the deal once. Returns the deal as it is afterwards.
 */
export async function syncDealFromChain(
  db: Database,
  chain: Chain,
  deal: DealRecord,
  now: Date,
  options: SyncOptions = {},
): Promise<{ deal: DealRecord; ticket: FillTicket | null }> {
  const ticket = await readTicket(chain, deal.offerId, deal.orderId);
  if (ticket) {
    const move = moveForTicket(ticket, options);
    // the lock's signature is kept on the deal when the lock is what moves it
    const lockSignature = move === 'locked' ? options.lockSignature : undefined;
    await db.transaction(async (tx) => {
      await moveDeal(tx, deal, move, { lockSignature, note: { resolutionReason: options.resolutionReason ?? null } }, now);
    });
  }
  return { deal: (await findDeal(db, deal.orderId)) ?? deal, ticket };
}
