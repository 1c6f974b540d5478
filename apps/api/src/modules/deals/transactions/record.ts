import { ERROR_STATUS, AppError } from '../../../errors.ts';
import type { ErrorCode } from '@jelly/contracts';
import type { OrderStatus } from '@jelly/domain';
import { releaseAdminSpend, settleAdminSpend } from '../../../chain/gate/index.ts';
import { isBlockhashStillValid, signatureOutcome } from '../../../chain/transactions/index.ts';
import { logEvent } from '../../../lib/log-events.ts';
import { audit } from '../audit.ts';
import { failUnrecorded, finishTransaction } from '../deal-writes.ts';
import { findDeal, findDealTransaction, findStalePendingTransactions, type DealTransactionRow } from '../queries.ts';
import { syncDealFromChain, type SyncOptions } from '../sync-deal-from-chain.ts';
import { NEVER_LANDED, PAYMENT_WINDOW_ACTOR, STALE_PENDING_MS, type DealTxContext } from './context.ts';

export function storedError(row: DealTransactionRow): AppError {
  const [code, program] = (row.errorCode ?? 'TRANSACTION_FAILED').split(':');
  const appCode = (code && code in ERROR_STATUS ? code : 'TRANSACTION_FAILED') as ErrorCode;
  return new AppError(appCode, row.errorMessage ?? 'The transaction failed.', program ? { programErrorCode: Number(program) } : undefined);
}

export function encodeError(error: AppError): string {
  const program = error.details?.programErrorCode;
  return typeof program === 'number' ? `${error.code}:${program}` : error.code;
}

/** How the chain's answer moves the deal: a payment-window refund means Expired, any other refund Resolved. */
function syncOptionsOf(row: DealTransactionRow): SyncOptions {
  const reason = row.audit?.details.reason;
  return {
    refundMeans: row.submittedBy === PAYMENT_WINDOW_ACTOR ? 'expired' : 'resolved',
    ...(row.kind === 'lock' ? { lockSignature: row.signature } : {}),
    ...(typeof reason === 'string' && reason ? { resolutionReason: reason } : {}),
  };
}

/**
 * The chain's figures replace what the gate charged before sending (the wallet and IP it charged stay), or the
 * charge is released when the transaction never landed.
 */
export async function settleSpend(ctx: DealTxContext, row: { signature: string; orderId: number; submittedBy: string; kind: string }, ip: string | null): Promise<void> {
  const wallet = row.submittedBy.startsWith('server:') ? null : row.submittedBy;
  try {
    await settleAdminSpend(ctx, { signature: row.signature, wallet, ip, kind: row.kind, orderId: row.orderId });
  } catch (error) {
    logEvent(ctx.log, 'fee_payer.record_failed', { err: error, tx: row.signature }, 'fee payer: could not record what the admin paid');
  }
}

type LandedRow = Pick<DealTransactionRow, 'signature' | 'orderId' | 'submittedBy' | 'audit'>;

/**
 * A landed transaction: the deal moves from the chain, then the row is confirmed and, in that same database
 * transaction, its audit row written (only by the process whose update confirmed it: a landing is audited once).
 */
export async function confirmAndRecord(ctx: DealTxContext, row: LandedRow, sync: SyncOptions): Promise<OrderStatus> {
  const deal = await findDeal(ctx.db, row.orderId);
  if (!deal) throw new Error(`deal ${row.orderId} vanished`);
  const { deal: after } = await syncDealFromChain(ctx.db, ctx.chain, deal, ctx.now(), sync);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const confirmed = await finishTransaction(tx, row.signature, now, { state: 'confirmed', resultStatus: after.status });
    if (!confirmed || !row.audit) return;
    const details = { ...row.audit.details, signature: row.signature, statusAfter: after.status };
    await audit(tx, { actor: row.submittedBy, action: row.audit.action, orderId: row.orderId, details, at: now });
  });
  return after.status;
}

/**
 * Settles a pending row from the chain: landed → the deal is synced and the row confirmed; failed on chain → the
 * row failed; not on chain with an expired blockhash → it can never land: failed. A row whose bytes the gate never
 * recorded can never land either (nobody holds them signed): failed at once. Otherwise it stays pending.
 */
export async function resolvePendingTransaction(ctx: DealTxContext, row: DealTransactionRow): Promise<DealTransactionRow> {
  if (row.state === 'pending' && row.rawTransaction === null && (await failUnrecorded(ctx.db, row.signature, ctx.now(), NEVER_LANDED))) {
    return (await findDealTransaction(ctx.db, row.signature)) ?? row;
  }
  const outcome = await signatureOutcome(ctx.chain, row.signature);
  if (outcome.state === 'confirmed') {
    await confirmAndRecord(ctx, row, syncOptionsOf(row));
    await settleSpend(ctx, row, null);
  } else if (outcome.state === 'failed') {
    await finishTransaction(ctx.db, row.signature, ctx.now(), {
      state: 'failed',
      errorCode: encodeError(outcome.error),
      errorMessage: outcome.error.message,
    });
    await settleSpend(ctx, row, null);
  } else if (!(await isBlockhashStillValid(ctx.chain, row.recentBlockhash))) {
    await finishTransaction(ctx.db, row.signature, ctx.now(), { state: 'failed', errorCode: 'TRANSACTION_FAILED', errorMessage: NEVER_LANDED });
    await releaseAdminSpend(ctx.db, row.signature);
  }
  return (await findDealTransaction(ctx.db, row.signature)) ?? row;
}

/**
 * Pending transactions whose request is gone (a crash, a confirmation time-out) are settled from the chain, so a
 * deal is never blocked by a transaction that will not land. Returns the rows that are no longer pending.
 */
export async function settleStalePendingTransactions(
  ctx: DealTxContext,
  limit = 25,
  staleMs = STALE_PENDING_MS,
): Promise<{ settled: DealTransactionRow[]; failed: { orderId: number; error: string }[] }> {
  const cutoff = new Date(ctx.now().getTime() - staleMs);
  const result: { settled: DealTransactionRow[]; failed: { orderId: number; error: string }[] } = { settled: [], failed: [] };
  for (const row of await findStalePendingTransactions(ctx.db, cutoff, limit)) {
    try {
      const after = await resolvePendingTransaction(ctx, row);
      if (after.state !== 'pending') result.settled.push(after);
    } catch (error) {
      result.failed.push({ orderId: row.orderId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}

