import { TX_CONFIRM_TIMEOUT } from '@jelly/domain';
import { finishPlatformSend, releaseAdminSpend, type PreparedSend, type SendTerms } from '../../../chain/gate/index.ts';
import { CONFIRM_TIMEOUT_MS, landTransaction } from '../../../chain/transactions/index.ts';
import { AppError } from '../../../errors.ts';
import { failpoint } from '../../../lib/failpoint.ts';
import { deletePendingTransaction, finishTransaction, setPendingRaw } from '../deal-writes.ts';
import { findDeal } from '../queries.ts';
import { dealBusy, NEVER_LANDED, type DealTxContext, type DealTxResult, type SubmittedDealTransaction } from './context.ts';
import { confirmAndRecord, encodeError, settleSpend } from './record.ts';
import { reserve } from './reserve.ts';

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
    await settleSpend(ctx, sent, ctx.ip ?? null);
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
  await settleSpend(ctx, sent, ctx.ip ?? null);
  return { signature, orderId: input.deal.orderId, status, kind: input.kind, alreadyProcessed: false };
}
