import { ESCROW_STATUSES } from '@jelly/domain';
import { eq, sql } from 'drizzle-orm';
import type { ResumeStaleClaims } from '../../chain/gate/index.ts';
import { queryRows } from '../../db/rows.ts';
import { dealTransactions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { isDealBusy, NEVER_LANDED, settleStalePendingTransactions, type DealTxContext } from './transactions/index.ts';
import { findDeal, findDealTransaction, type DealTransactionRow } from './queries.ts';
import { resolveOnChain } from './resolve-on-chain.ts';
import { logEvent } from '../../lib/log-events.ts';

/** The admin's decisions a resolution's record names: release to the fiat side (true) or refund the crypto side. */
const DECISIONS: Partial<Record<string, boolean>> = { resolve_to_buyer: true, resolve_to_seller: false };
const BATCH = 10;

/** Refusals that only delay a decision: it is sent once they pass (the recipient opens the account, the node answers). */
const WAITS = new Set(['recipient_account_missing']);

/**
 * Takes over admin resolutions that can never land and were not sent again: the row failed as NEVER_LANDED (by
 * whichever process learnt it: the request, the stale-pending sweep, the send recovery), the deal's tokens still in
 * escrow, and no later resolution or landed or pending transaction of the deal. One replica takes each (updated_at
 * moved to now, SKIP LOCKED): the next look is `staleMs` away, by then its fresh send holds the deal's slot.
 */
async function takeOverLostDecisions(ctx: DealTxContext, cutoff: Date, signature: string | null): Promise<string[]> {
  const at = ctx.now().toISOString();
  const rows = await queryRows<{ signature: string }>(
    ctx.db,
    sql`
      UPDATE deal_transactions SET updated_at = ${at}::timestamptz
      WHERE signature IN (
        SELECT t.signature FROM deal_transactions t JOIN orders o ON o.order_id = t.order_id
        WHERE t.kind = 'admin_resolve' AND t.state = 'failed' AND t.error_message = ${NEVER_LANDED}
          AND t.audit->>'action' IN (${sql.join(Object.keys(DECISIONS).map((action) => sql`${action}`), sql`, `)})
          AND o.status IN (${sql.raw(ESCROW_STATUSES.join(', '))})
          AND t.updated_at <= ${cutoff.toISOString()}::timestamptz
          AND (${signature}::text IS NULL OR t.signature = ${signature})
          AND NOT EXISTS (
            SELECT 1 FROM deal_transactions later
            WHERE later.order_id = t.order_id AND later.created_at > t.created_at
              AND (later.kind = 'admin_resolve' OR later.state IN ('pending', 'confirmed'))
          )
        ORDER BY t.updated_at
        LIMIT ${BATCH}
        FOR UPDATE OF t SKIP LOCKED
      )
      RETURNING signature`,
  );
  return rows.map((row) => row.signature);
}

/**
 * Signs and sends afresh the decision recorded with a resolution that can never land (direction, reason, admin),
 * through the gate as the admin's request did: the admin never decides again because bytes expired. Its audit row
 * is written where the fresh send's landing is recorded, once. Another process holding the deal's slot, or a
 * recipient without a token account yet, only delays it (the next look sends it); any other refusal ends it: the
 * row keeps the refusal, and the admin sees the deal as it is.
 */
async function resendDecision(ctx: DealTxContext, row: DealTransactionRow): Promise<boolean> {
  const release = row.audit ? DECISIONS[row.audit.action] : undefined;
  const deal = await findDeal(ctx.db, row.orderId);
  if (release === undefined || !row.audit || !deal) return false;
  const reason = typeof row.audit.details.reason === 'string' ? row.audit.details.reason : null;
  try {
    await resolveOnChain(ctx, deal, release, row.submittedBy, { refundMeans: 'resolved', resolutionReason: reason }, row.audit);
    return true;
  } catch (error) {
    if (isDealBusy(error)) {
      logEvent(ctx.log, 'replica.busy', { orderId: row.orderId }, "send recovery: an admin's resolution is being sent by another process");
      return false;
    }
    const refused = error instanceof AppError && error.code !== 'CHAIN_UNAVAILABLE' && !WAITS.has(String(error.details?.reason));
    if (!refused) {
      logEvent(ctx.log, 'resolution.waiting', { err: error, orderId: row.orderId }, "send recovery: an admin's resolution waits; it is sent at the next look");
      return false;
    }
    logEvent(ctx.log, 'resolution.refused', { err: error, orderId: row.orderId }, "send recovery: an admin's resolution was refused; the admin decides again");
    const errorMessage = `The decision could not be sent again: ${error.message}`;
    await ctx.db.update(dealTransactions).set({ errorMessage, updatedAt: ctx.now() }).where(eq(dealTransactions.signature, row.signature));
    return false;
  }
}

/** Resends the decisions taken over; what was sent afresh. */
async function resendTaken(ctx: DealTxContext, signatures: readonly string[]): Promise<string[]> {
  const sent: string[] = [];
  for (const signature of signatures) {
    const row = await findDealTransaction(ctx.db, signature);
    if (row && (await resendDecision(ctx, row))) sent.push(`admin_resolve:${row.orderId}`);
  }
  return sent;
}

/** The send recovery found this resolution's bytes expired: its decision is sent afresh now (once, see above). */
export async function resumeLostDecision(ctx: DealTxContext, signature: string): Promise<void> {
  await resendTaken(ctx, await takeOverLostDecisions(ctx, ctx.now(), signature));
}

/**
 * The deals module's stale claims (chain/gate ResumeStaleClaims): a deal transaction reserved (the deal's slot
 * taken) whose process died before or after the gate recorded it is settled from the chain (one never recorded
 * can never land once its blockhash expired: the row fails, the slot frees); then every admin resolution that can
 * never land and was not sent again is sent afresh. A payment-window refund needs nothing here: the job's next run
 * finds the deal still past its deadline and refunds it afresh.
 */
export function dealStaleClaims(ctx: DealTxContext): ResumeStaleClaims {
  return async (staleMs) => {
    const settled = await settleStalePendingTransactions(ctx, BATCH, staleMs);
    for (const failure of settled.failed) logEvent(ctx.log, 'send.recovery_failed', { failure }, 'send recovery: a stale deal transaction could not be settled');
    const cutoff = new Date(ctx.now().getTime() - staleMs);
    return resendTaken(ctx, await takeOverLostDecisions(ctx, cutoff, null));
  };
}
