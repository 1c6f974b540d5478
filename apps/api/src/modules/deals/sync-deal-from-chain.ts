import { OrderStatus, UNDERWAY_STATUSES, actionSources } from '@jelly/domain';
import type { FillTicket } from '@jelly/escrow';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { readTicket } from './chain/read-ticket.ts';
import type { DealRecord } from './deal-record.ts';
import { moveDeal } from './deal-writes.ts';
import { findDeal } from './queries.ts';

/** A deal may leave any unfinished status when the chain shows its ticket finished. */
const OPEN_STATUSES = UNDERWAY_STATUSES;
/** The fiat side's signature may land before the database recorded the lock. */
const FIAT_SIGN_SOURCES = [...actionSources('lock'), ...actionSources('sign', { by: 'fiat' })];

export interface SyncOptions {
  /** A refund by the admin means Expired (the payment-window job) rather than Admin Resolved (a dispute). */
  refundMeans?: 'expired' | 'resolved';
  /** The lock's signature, recorded on the deal when the lock is what moved it. */
  lockSignature?: string;
  /** The admin's reason for a resolution: the parties' notification carries it. */
  resolutionReason?: string | null;
}

type Move = { from: readonly OrderStatus[]; to: OrderStatus; books: { returnToOffer?: boolean; fillOffer?: boolean; lockSignature?: string } };

/** The database move the ticket's on-chain state calls for. */
export function moveForTicket(ticket: FillTicket, options: SyncOptions = {}): Move {
  switch (ticket.status) {
    case 'Locked':
      if (ticket.fiatGuySigned && !ticket.cryptoGuySigned) {
        return {
          from: FIAT_SIGN_SOURCES,
          to: OrderStatus.SignedByOneParty,
          books: {},
        };
      }
      return {
        from: actionSources('lock'),
        to: OrderStatus.CryptoGuyLockedCrypto,
        books: options.lockSignature ? { lockSignature: options.lockSignature } : {},
      };
    case 'Settled':
      return { from: OPEN_STATUSES, to: OrderStatus.Completed, books: { fillOffer: true } };
    case 'ReleasedByAdmin':
      return { from: OPEN_STATUSES, to: OrderStatus.AdminResolved, books: { fillOffer: true } };
    case 'Cancelled':
      return { from: OPEN_STATUSES, to: OrderStatus.Cancelled, books: { returnToOffer: true } };
    case 'RefundedByAdmin':
      return {
        from: OPEN_STATUSES,
        to: options.refundMeans === 'expired' ? OrderStatus.Expired : OrderStatus.AdminResolved,
        books: { returnToOffer: true },
      };
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
    await db.transaction(async (tx) => {
      await moveDeal(tx, deal, move.from, move.to, now, move.books, { resolutionReason: options.resolutionReason ?? null });
    });
  }
  return { deal: (await findDeal(db, deal.orderId)) ?? deal, ticket };
}
