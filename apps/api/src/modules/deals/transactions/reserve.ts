import { TX_CONFIRM_TIMEOUT } from '@jelly/domain';
import type { DealActionKind } from '@jelly/contracts';
import { CONFIRM_TIMEOUT_MS } from '../../../chain/transactions/index.ts';
import { AppError } from '../../../errors.ts';
import { insertPendingTransaction } from '../deal-writes.ts';
import { findDealTransaction, findPendingTransactionOfDeal, type DealTransactionRow } from '../queries.ts';
import { dealBusy, STALE_PENDING_MS, type DealTxContext, type DealTxResult, type SubmittedDealTransaction } from './context.ts';
import { resolvePendingTransaction, storedError } from './record.ts';

const WAIT_POLL_MS = 250;

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
export async function reserve(ctx: DealTxContext, signature: string, recentBlockhash: string, input: SubmittedDealTransaction): Promise<DealTxResult | null> {
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

