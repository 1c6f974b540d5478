import { findOrderPda, findTicketPda, findVaultPda, type Config } from '@jelly/escrow';
import type { Chain } from '../../../chain/chain.ts';
import type { ChargeTo, Reclaimable } from '../../../chain/gate/index.ts';
import type { DealRecord } from '../deal-record.ts';
import { enqueueFundedAccount } from '../reclaim-rent/queue.ts';

/**
 * The escrow accounts a lock makes the admin fund — the deal's ticket, and on an offer's first lock its order and
 * vault — each queued for closing in the gate's charge transaction, with whom to credit the rent back.
 */
export function lockReclaimables(chain: Chain, deal: Pick<DealRecord, 'orderId' | 'offerId'>, now: () => Date): Reclaimable[] {
  const [order] = findOrderPda(BigInt(deal.offerId), chain.programId);
  const [ticket] = findTicketPda(order, BigInt(deal.orderId), chain.programId);
  const [vault] = findVaultPda(order, chain.programId);
  const offer = (db: Parameters<Reclaimable['queue']>[0], to: ChargeTo) => enqueueFundedAccount(db, 'order', deal.offerId, now(), to);
  return [
    { address: ticket, queue: (db, to) => enqueueFundedAccount(db, 'ticket', deal.orderId, now(), to) },
    { address: order, queue: offer },
    // the vault closes with its order (close_order): one queue row for both
    { address: vault, queue: async () => undefined },
  ];
}

/** The treasury's token accounts are the platform's own: the admin may fund them (their rent stays with it). */
export function platformOwners(escrow: Config) {
  return [escrow.treasury];
}
