import type { RetryPayoutResponse } from '@jelly/contracts';
import { ESCROW_STATUSES, isDealParty } from '@jelly/domain';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { adminResolve, type AdminResolveContext } from './admin-resolve.ts';
import { requireChain } from './chain/escrow-config.ts';
import { refundLockedDeal } from './expire-deals.ts';
import { findPayoutWait } from './payout-waits.ts';
import { findDeal } from './queries.ts';
import { clearReviewFlag } from './review-flags.ts';

export const DEAL_NOT_FOUND = 'Deal not found.';
export const NOTHING_WAITS = 'Nothing on this deal waits for your token account.';
export const DEAL_CHANGED = 'The tokens are still in escrow: the deal changed meanwhile. Reload it.';
export const NOT_THE_RECIPIENT = 'These tokens go to the other party: only they can receive them.';

export type RetryPayoutContext = AdminResolveContext;

/**
 * POST /deals/{orderId}/payout/retry — the recipient opened their token account: send the waiting payout now, through
 * the code that was refused (the payment-window refund the job runs, or the admin's decision as recorded, through
 * adminResolve), so the same rules and the same platform gate apply. Strangers get 404 (the deal's existence is not
 * theirs to learn), the other party 403, and 409 when nothing waits (or the account is still missing: the same
 * refusal again). A race with the job or another replica that already sent it answers the deal as it now stands.
 */
export async function retryWaitingPayout(ctx: RetryPayoutContext, user: AuthUser, dealId: number): Promise<RetryPayoutResponse> {
  const deal = await findDeal(ctx.db, dealId);
  if (!deal || !isDealParty(deal, user.wallet)) throw notFound(DEAL_NOT_FOUND);
  const wait = await findPayoutWait(ctx.db, dealId);
  if (!wait) throw conflict(NOTHING_WAITS);
  if (wait.recipientWallet !== user.wallet) throw forbidden(NOT_THE_RECIPIENT);
  const chain = requireChain(ctx.chain);
  try {
    if (wait.kind === 'refund_expired') {
      await refundLockedDeal(ctx, chain, dealId);
    } else if (wait.resolution) {
      const { admin, reason } = wait.resolution;
      const releaseTo = wait.recipient === 'buyer' ? 'buyer' : 'seller';
      await adminResolve(ctx, { wallet: admin, isAdmin: true }, { dealId, releaseTo, reason: reason ?? undefined });
      await clearReviewFlag(ctx.db, dealId);
    }
  } catch (error) {
    const now = await findDeal(ctx.db, dealId);
    if (!now || ESCROW_STATUSES.includes(now.status)) throw error;
  }
  const after = await findDeal(ctx.db, dealId);
  if (!after || ESCROW_STATUSES.includes(after.status)) throw conflict(DEAL_CHANGED);
  return { orderId: dealId, status: after.status };
}
