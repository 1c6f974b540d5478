import type { AdminResolveResponse } from '@jelly/contracts';
import { EscrowError, escrowMessage } from '@jelly/escrow';
import { ADMIN_RESOLVE_REFUSALS, ORDER_ALREADY_RESOLVED_BY_ADMIN, OrderStatus } from '@jelly/domain';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { AppError } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { audit } from './audit.ts';
import { requireChain } from './chain/escrow-config.ts';
import { readTicket } from './chain/read-ticket.ts';
import { DEAL_BUSY, type DealTxContext } from './transactions/index.ts';
import { moveDeal } from './deal-writes.ts';
import { findDeal, findPendingTransactionOfDeal, orderExists } from './queries.ts';
import { clearPayoutWait, isRecipientAccountMissing, recordPayoutWait } from './payout-waits.ts';
import { resolveOnChain } from './resolve-on-chain.ts';
import { syncDealFromChain } from './sync-deal-from-chain.ts';
import { logEvent } from '../../lib/log-events.ts';

export const NOTHING_LOCKED_FOR_BUYER =
  'Nothing is locked in escrow for this deal, so nothing can be sent to the buyer. Send to the seller to cancel it.';

const conflict = (message: string) => new AppError('CONFLICT', message);

/** Why a deal in a final status cannot be resolved. */
function finalStatusRefusal(status: number): AppError | undefined {
  const message = ADMIN_RESOLVE_REFUSALS.get(status as OrderStatus);
  return message === undefined ? undefined : conflict(message);
}

export interface AdminResolveContext extends Pick<DealTxContext, 'feePayer' | 'ip' | 'log'> {
  db: Database;
  chain: Chain | null;
  now: () => Date;
  confirmTimeoutMs?: number;
}

/**
 * POST /admin/orders/{orderId}/resolve — 'buyer' releases the escrow to the fiat side, 'seller' refunds the crypto
 * side, through admin_resolve_universal_ticket built and signed by the server → Admin Resolved (6). A deal that was
 * never locked holds nothing on chain: to the seller it is cancelled in the database (4, amount back to the offer);
 * to the buyer is impossible (409). A second resolution answers 409 'Order already resolved by admin.'.
 * Every resolution writes an audit row, with the admin's reason that both parties then read (admin-resolution.ts).
 */
export async function adminResolve(
  ctx: AdminResolveContext,
  admin: AuthUser,
  { dealId, releaseTo, reason }: { dealId: number; releaseTo: 'buyer' | 'seller'; reason?: string | undefined },
): Promise<AdminResolveResponse> {
  const adminWallet = admin.wallet;
  const deal = await findDeal(ctx.db, dealId);
  if (!deal) {
    if ((await orderExists(ctx.db, dealId)) !== undefined) throw conflict('Only deals can be resolved, not offers.');
    throw new AppError('NOT_FOUND', escrowMessage(EscrowError.OrderNotFound));
  }
  const refusal = finalStatusRefusal(deal.status);
  if (refusal) throw refusal;
  const release = releaseTo === 'buyer';
  const action = release ? 'resolve_to_buyer' : 'resolve_to_seller';

  const chain = requireChain(ctx.chain);
  const ticket = await readTicket(chain, deal.offerId, deal.orderId);
  if (ticket) {
    if (ticket.status !== 'Locked') {
      const { deal: synced } = await syncDealFromChain(ctx.db, chain, deal, ctx.now());
      throw finalStatusRefusal(synced.status) ?? conflict(ORDER_ALREADY_RESOLVED_BY_ADMIN);
    }
    let result;
    try {
      // audited where the landing is recorded (with the signature and the status after), even by another process
      result = await resolveOnChain({ ...ctx, chain }, deal, release, adminWallet, { refundMeans: 'resolved', resolutionReason: reason || null }, {
        action,
        details: { statusBefore: deal.status, onChain: true, reason: reason || null },
      });
    } catch (error) {
      if (error instanceof AppError && error.details?.programErrorCode === 6004) throw conflict(ORDER_ALREADY_RESOLVED_BY_ADMIN);
      // kept as decided: the recipient's "Receive" sends it once their account exists (retry-payout.ts)
      const decision = { admin: adminWallet, reason: reason || null };
      if (isRecipientAccountMissing(error)) {
        await recordPayoutWait(ctx.db, deal, { kind: 'resolution', releaseTo, decision }, ctx.now());
        logEvent(ctx.log, 'payout.waiting', { orderId: deal.orderId, recipient: releaseTo }, "admin's resolution waits for the recipient's token account");
      }
      throw error;
    }
    await clearPayoutWait(ctx.db, deal.orderId);
    return { orderId: deal.orderId, status: result.status, signature: result.signature, releaseTo };
  }

  // Never locked: nothing on chain to move.
  if (release) throw conflict(NOTHING_LOCKED_FOR_BUYER);
  if (await findPendingTransactionOfDeal(ctx.db, deal.orderId)) throw conflict(DEAL_BUSY);
  const now = ctx.now();
  const cancelled = await ctx.db.transaction(async (tx) => {
    const moved = await moveDeal(tx, deal, 'cancelled_by_admin', { note: { resolutionReason: reason || null } }, now);
    if (moved) {
      await audit(tx, {
        actor: adminWallet,
        action,
        orderId: deal.orderId,
        details: { signature: null, statusBefore: deal.status, statusAfter: OrderStatus.Cancelled, onChain: false, reason: reason || null },
        at: now,
      });
    }
    return moved;
  });
  if (!cancelled) {
    const current = await findDeal(ctx.db, deal.orderId);
    throw finalStatusRefusal(current?.status ?? -1) ?? conflict('The deal changed meanwhile. Reload it and try again.');
  }
  return { orderId: deal.orderId, status: OrderStatus.Cancelled, signature: null, releaseTo };
}
