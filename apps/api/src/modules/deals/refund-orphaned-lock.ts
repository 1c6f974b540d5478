import { OrderStatus } from '@jelly/domain';
import { readTicket } from './chain/read-ticket.ts';
import type { DealRecord } from './deal-record.ts';
import type { DealTxContext } from './transactions/index.ts';
import { resolveOnChain } from './resolve-on-chain.ts';

export const LOCK_RECONCILIATION_ACTOR = 'server:lock-reconciliation';

/**
 * A lock that landed after its deal was cancelled or expired in the database (the two raced): the tokens sit in
 * escrow for a dead deal, so the server refunds the crypto side at once. The deal keeps its status (its amount
 * already went back to the offer). Returns the refund's signature, or null when nothing was orphaned.
 */
export async function refundOrphanedLock(ctx: DealTxContext, deal: DealRecord): Promise<string | null> {
  if (deal.status !== OrderStatus.Cancelled && deal.status !== OrderStatus.Expired) return null;
  const ticket = await readTicket(ctx.chain, deal.offerId, deal.orderId);
  if (ticket?.status !== 'Locked') return null;
  const result = await resolveOnChain(ctx, deal, false, LOCK_RECONCILIATION_ACTOR, {}, { action: 'refund_orphaned_lock', details: { dealStatus: deal.status } });
  return result.signature;
}
