import { dealActionKind } from '@jelly/contracts';
import { finishPlatformSend, type SendOwner, type SendOwners } from '../../chain/gate/index.ts';
import { NEVER_LANDED, resolvePendingTransaction, type DealTxContext } from './transactions/index.ts';
import { findDealTransaction } from './queries.ts';
import { reclaimSendOwners } from './reclaim-rent/send-owners.ts';
import { resumeLostDecision } from './resume-decisions.ts';

/**
 * The deals module's part of the send recovery (chain/gate): a deal transaction whose process died is settled from
 * the chain exactly as its request would have settled it (resolvePendingTransaction: landed → the deal moves from
 * the chain; failed or expired → the row fails and frees the deal). A refund the payment-window job or the orphaned-
 * lock check sent and that expired unlanded is sent afresh by that job's next run: the deal is still past its
 * deadline (or orphaned) and no transaction holds it any more. An admin's resolution that expired is sent afresh
 * from its recorded decision (resume-decisions.ts) whoever failed its row first — this owner, the stale-pending
 * sweep or the request — and, should this process die before, by the recovery's stale-claims look.
 * Rent-reclamation closes: reclaim-rent/send-owners.ts.
 */
export function dealSendOwners(ctx: DealTxContext): SendOwners {
  const owner: SendOwner = async (send, outcome) => {
    const row = await findDealTransaction(ctx.db, send.signature);
    const after = row?.state === 'pending' ? await resolvePendingTransaction(ctx, row) : row;
    await finishPlatformSend(ctx.db, send.signature, outcome.end, ctx.now());
    if (outcome.end === 'expired' && after?.kind === 'admin_resolve' && after.state === 'failed' && after.errorMessage === NEVER_LANDED) {
      await resumeLostDecision(ctx, send.signature);
    }
  };
  return { ...Object.fromEntries(dealActionKind.options.map((kind) => [kind, owner])), ...reclaimSendOwners(ctx) };
}
