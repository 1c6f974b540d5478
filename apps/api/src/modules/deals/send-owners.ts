import { dealActionKind } from '@jelly/contracts';
import { isFinalStatus } from '@jelly/domain';
import { finishPlatformSend, type SendOwner, type SendOwners } from '../../chain/gate/index.ts';
import { resolvePendingTransaction, type DealTxContext } from './deal-transactions.ts';
import { findDeal, findDealTransaction, type DealTransactionRow } from './queries.ts';
import { reclaimSendOwners } from './reclaim-rent/send-owners.ts';
import { resolveOnChain } from './resolve-on-chain.ts';

/** The admin's decisions a resolution's record names: release to the fiat side (true) or refund the crypto side. */
const DECISIONS: Partial<Record<string, boolean>> = { resolve_to_buyer: true, resolve_to_seller: false };

/**
 * An admin's resolution whose bytes expired unsent: the decision recorded with it (direction, reason, admin) is
 * signed and sent afresh, so a dispute the admin decided never waits for them again because a process died. A
 * refusal (the deal moved on meanwhile, the recipient's token account is gone) ends it: the admin sees the deal
 * as it is and decides again.
 */
async function resendDecision(ctx: DealTxContext, row: DealTransactionRow): Promise<void> {
  const release = row.audit ? DECISIONS[row.audit.action] : undefined;
  if (release === undefined || !row.audit) return;
  const deal = await findDeal(ctx.db, row.orderId);
  if (!deal || isFinalStatus(deal.status)) return;
  const reason = typeof row.audit.details.reason === 'string' ? row.audit.details.reason : null;
  try {
    await resolveOnChain(ctx, deal, release, row.submittedBy, { refundMeans: 'resolved', resolutionReason: reason }, row.audit);
  } catch (error) {
    ctx.log?.warn({ err: error, orderId: row.orderId }, "send recovery: an admin's resolution could not be sent afresh");
  }
}

/**
 * The deals module's part of the send recovery (chain/gate): a deal transaction whose process died is settled from
 * the chain exactly as its request would have settled it (resolvePendingTransaction: landed → the deal moves from
 * the chain; failed or expired → the row fails and frees the deal). A refund the payment-window job or the orphaned-
 * lock check sent and that expired unlanded is sent afresh by that job's next run: the deal is still past its
 * deadline (or orphaned) and no transaction holds it any more; an admin's resolution is sent afresh here.
 * Rent-reclamation closes: reclaim-rent/send-owners.ts.
 */
export function dealSendOwners(ctx: DealTxContext): SendOwners {
  const owner: SendOwner = async (send, outcome) => {
    const row = await findDealTransaction(ctx.db, send.signature);
    if (row?.state === 'pending') {
      const after = await resolvePendingTransaction(ctx, row);
      if (outcome.end === 'expired' && after.state === 'failed') await resendDecision(ctx, after);
    }
    await finishPlatformSend(ctx.db, send.signature, outcome.end, ctx.now());
  };
  return { ...Object.fromEntries(dealActionKind.options.map((kind) => [kind, owner])), ...reclaimSendOwners(ctx) };
}
