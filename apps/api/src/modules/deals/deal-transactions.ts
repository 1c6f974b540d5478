import { TX_CONFIRM_TIMEOUT, type OrderStatus } from '@jelly/domain';
import type { DealActionKind } from '@jelly/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { AppError, ERROR_STATUS } from '../../errors.ts';
import type { ErrorCode } from '@jelly/contracts';
import { finishPlatformSend, type PreparedSend, type SendTerms } from '../../chain/gate/index.ts';
import { failpoint } from '../../lib/failpoint.ts';
import type { FeePayerConfig } from '../../chain/gate/index.ts';
import { releaseAdminSpend, settleAdminSpend } from '../../chain/gate/index.ts';
import { CONFIRM_TIMEOUT_MS, isBlockhashStillValid, landTransaction, signatureOutcome } from '../../chain/transactions/index.ts';
import type { DealTransactionAudit } from '../../db/schema/index.ts';
import { audit } from './audit.ts';
import type { DealRecord } from './deal-record.ts';
import { deletePendingTransaction, failUnrecorded, finishTransaction, insertPendingTransaction, setPendingRaw } from './deal-writes.ts';
import {
  findDeal,
  findDealTransaction,
  findPendingTransactionOfDeal,
  findStalePendingTransactions,
  type DealTransactionRow,
} from './queries.ts';
import { syncDealFromChain, type SyncOptions } from './sync-deal-from-chain.ts';
import { logEvent } from '../../lib/log-events.ts';

export const DEAL_BUSY = 'Another transaction for this deal is being processed. Try again in a moment.';
/** The deal's one in-flight slot is taken (another request, replica or job is doing this deal's work). */
const dealBusy = () => new AppError('CONFLICT', DEAL_BUSY, { reason: 'deal_busy' });
/** Whether an error says another process holds the deal's slot: the work is being done elsewhere, not refused. */
export const isDealBusy = (error: unknown): boolean => error instanceof AppError && error.details?.reason === 'deal_busy';
export const NEVER_LANDED = 'The transaction expired before it reached the chain. Build it again and retry.';
/** The submitter of transactions the payment-window job builds (its refunds mean Expired). */
export const PAYMENT_WINDOW_ACTOR = 'server:payment-window';

/** A pending row older than this has lost its request (a crash, a timed-out confirmation): check the chain. */
const STALE_PENDING_MS = CONFIRM_TIMEOUT_MS + 15_000;
const WAIT_POLL_MS = 250;

export interface DealTxContext {
  db: Database;
  chain: Chain;
  now: () => Date;
  confirmTimeoutMs?: number;
  /** Budgets of what the admin pays (defaults when absent). */
  feePayer?: FeePayerConfig | undefined;
  /** The client IP of the request (what the admin pays is charged to it too). */
  ip?: string | undefined;
  log?: FastifyBaseLogger | undefined;
}

export interface SubmittedDealTransaction {
  deal: DealRecord;
  kind: DealActionKind;
  submittedBy: string;
  syncOptions?: SyncOptions;
  /** A resolution the server sends: the audit row written, exactly once, where its landing is recorded. */
  audit?: DealTransactionAudit;
}

export interface DealTxResult {
  signature: string;
  orderId: number;
  status: OrderStatus;
  kind: DealActionKind;
  alreadyProcessed: boolean;
}

function storedError(row: DealTransactionRow): AppError {
  const [code, program] = (row.errorCode ?? 'TRANSACTION_FAILED').split(':');
  const appCode = (code && code in ERROR_STATUS ? code : 'TRANSACTION_FAILED') as ErrorCode;
  return new AppError(appCode, row.errorMessage ?? 'The transaction failed.', program ? { programErrorCode: Number(program) } : undefined);
}

function encodeError(error: AppError): string {
  const program = error.details?.programErrorCode;
  return typeof program === 'number' ? `${error.code}:${program}` : error.code;
}

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
async function chargeAdminSpend(ctx: DealTxContext, row: { signature: string; orderId: number; submittedBy: string; kind: string }, ip: string | null): Promise<void> {
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
async function confirmAndRecord(ctx: DealTxContext, row: LandedRow, sync: SyncOptions): Promise<OrderStatus> {
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
    await chargeAdminSpend(ctx, row, null);
  } else if (outcome.state === 'failed') {
    await finishTransaction(ctx.db, row.signature, ctx.now(), {
      state: 'failed',
      errorCode: encodeError(outcome.error),
      errorMessage: outcome.error.message,
    });
    await chargeAdminSpend(ctx, row, null);
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

/** The first answer to a transaction already recorded (the same transaction sent again). */
async function answerRecorded(ctx: DealTxContext, row: DealTransactionRow): Promise<DealTxResult> {
  const deadline = Date.now() + (ctx.confirmTimeoutMs ?? CONFIRM_TIMEOUT_MS) + 5_000;
  let current: DealTransactionRow | undefined = row;
  // Another request is handling it right now: wait for its result.
  while (current?.state === 'pending' && Date.now() < deadline) {
    if (ctx.now().getTime() - current.updatedAt.getTime() > STALE_PENDING_MS) break;
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    current = await findDealTransaction(ctx.db, row.signature);
  }
  if (!current) throw new AppError('CONFLICT', 'The first submission of this transaction was refused. Build it again and retry.');
  if (current.state === 'pending') current = await resolvePendingTransaction(ctx, current);
  if (current.state === 'failed') throw storedError(current);
  if (current.state === 'pending' || current.resultStatus === null) {
    throw new AppError('CHAIN_TIMEOUT', TX_CONFIRM_TIMEOUT, { signature: current.signature });
  }
  return {
    signature: current.signature,
    orderId: current.orderId,
    status: current.resultStatus,
    kind: current.kind as DealActionKind,
    alreadyProcessed: true,
  };
}

/** Answers from the record when this signature was seen before; undefined when it is new. */
export async function answerIfRecorded(ctx: DealTxContext, signature: string): Promise<DealTxResult | undefined> {
  const row = await findDealTransaction(ctx.db, signature);
  return row ? answerRecorded(ctx, row) : undefined;
}

/** Takes the deal's single in-flight slot for this transaction (after clearing a stale one); 409 when busy. */
async function reserve(ctx: DealTxContext, signature: string, recentBlockhash: string, input: SubmittedDealTransaction): Promise<DealTxResult | null> {
  const row = {
    signature,
    orderId: input.deal.orderId,
    kind: input.kind,
    submittedBy: input.submittedBy,
    recentBlockhash,
    rawTransaction: null,
    audit: input.audit ?? null,
    createdAt: ctx.now(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await insertPendingTransaction(ctx.db, row)) return null;
    const same = await findDealTransaction(ctx.db, signature);
    if (same) return answerRecorded(ctx, same);
    const other = await findPendingTransactionOfDeal(ctx.db, input.deal.orderId);
    if (!other) continue; // the other one finished meanwhile: try again
    if (ctx.now().getTime() - other.updatedAt.getTime() <= STALE_PENDING_MS) break;
    if ((await resolvePendingTransaction(ctx, other)).state === 'pending') break;
  }
  throw dealBusy();
}

/**
 * Submits an escrow transaction for a deal, signed by the admin through the platform gate: one in flight per deal,
 * simulated and charged by the gate (the program's error comes back as its user-facing message), sent, confirmed
 * ('confirmed', 60 s), then the deal's status is moved from what the chain shows. Idempotent per signature.
 */
export async function submitDealTransaction(
  ctx: DealTxContext,
  prepared: PreparedSend,
  recentBlockhash: string,
  input: SubmittedDealTransaction,
  terms: Omit<SendTerms, 'kind' | 'orderId' | 'record'>,
): Promise<DealTxResult> {
  const { signature } = prepared;
  const recorded = await reserve(ctx, signature, recentBlockhash, input);
  if (recorded) return recorded;
  failpoint(input.kind, 'after-claim');
  let charged = false;
  let raw: Uint8Array;
  try {
    // The action was authorised on the deal as it was before the slot was taken; another transaction of this deal
    // may have landed in between (its slot freed just before ours). Then the authorisation is stale: refuse, and the
    // caller's retry is judged on the deal as it is now.
    const now = await findDeal(ctx.db, input.deal.orderId);
    if (now?.status !== input.deal.status) throw dealBusy();
    const authorized = await prepared.authorize({
      ...terms,
      kind: input.kind,
      orderId: input.deal.orderId,
      // the reservation must still be pending: one failed as never recorded (a stale-claim look) is not sent
      record: async (db, sig, raw) => {
        if (!(await setPendingRaw(db, sig, Buffer.from(raw).toString('base64')))) throw new AppError('TRANSACTION_FAILED', NEVER_LANDED);
      },
    });
    charged = true;
    raw = authorized.raw;
  } catch (error) {
    await deletePendingTransaction(ctx.db, signature);
    if (charged) {
      await releaseAdminSpend(ctx.db, signature);
      // given up here: the send recovery must not send these bytes again
      await finishPlatformSend(ctx.db, signature, 'dropped', ctx.now());
    }
    throw error;
  }
  const sent = { signature, orderId: input.deal.orderId, submittedBy: input.submittedBy, kind: input.kind };
  // The same bytes are re-sent until the chain answers or the blockhash dies; an unreachable node is no refusal.
  const landing = await landTransaction(ctx.chain, raw, {
    signature,
    recentBlockhash,
    timeoutMs: ctx.confirmTimeoutMs ?? CONFIRM_TIMEOUT_MS,
    onSent: () => failpoint(input.kind, 'after-send'),
  });
  if (landing.state === 'refused') {
    await deletePendingTransaction(ctx.db, signature);
    await releaseAdminSpend(ctx.db, signature);
    // refused on the way out: the send recovery must not send these bytes again
    await finishPlatformSend(ctx.db, signature, 'dropped', ctx.now());
    throw landing.error;
  }
  if (landing.state === 'expired') {
    // it can never land: the deal stays where it was, and the user builds the transaction again
    await finishTransaction(ctx.db, signature, ctx.now(), { state: 'failed', errorCode: 'TRANSACTION_FAILED', errorMessage: NEVER_LANDED });
    await finishPlatformSend(ctx.db, signature, 'expired', ctx.now());
    await releaseAdminSpend(ctx.db, signature);
    throw new AppError('TRANSACTION_FAILED', NEVER_LANDED);
  }
  if (landing.state === 'failed') {
    await finishTransaction(ctx.db, signature, ctx.now(), { state: 'failed', errorCode: encodeError(landing.error), errorMessage: landing.error.message });
    await finishPlatformSend(ctx.db, signature, 'failed', ctx.now());
    // it failed on chain after passing simulation: its fee was paid, charged to the wallet that sent it
    await chargeAdminSpend(ctx, sent, ctx.ip ?? null);
    throw landing.error;
  }
  // no answer in time: the row stays pending; the next request, the sweep or the send recovery settles it from the chain
  if (landing.state === 'unknown') throw new AppError('CHAIN_TIMEOUT', TX_CONFIRM_TIMEOUT, { signature });
  failpoint(input.kind, 'after-confirm');
  failpoint(input.kind, 'before-record');
  const status = await confirmAndRecord(ctx, { signature, orderId: input.deal.orderId, submittedBy: input.submittedBy, audit: input.audit ?? null }, {
    ...input.syncOptions,
    ...(input.kind === 'lock' ? { lockSignature: signature } : {}),
  });
  await finishPlatformSend(ctx.db, signature, 'landed', ctx.now());
  await chargeAdminSpend(ctx, sent, ctx.ip ?? null);
  return { signature, orderId: input.deal.orderId, status, kind: input.kind, alreadyProcessed: false };
}
