import type { JellyOrder, UpdateJellyInput } from '@jelly/contracts';
import { jellyStageRules, SwapStatus } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import { jellyOrders } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound, validationError } from '../../errors.ts';
import { recordAdminAct } from '../audit/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { jellySubject } from './admin-audit.ts';
import { addressDelta } from './chain-reads.ts';
import { COIN_WITHDRAWN, jellyCoin } from './coins.ts';
import type { JellyContext } from './context.ts';
import { addJellyEvent, moveJelly } from './jelly-writes.ts';
import { notifyJelly } from './notify-jelly.ts';
import { orderView } from './order-view.ts';
import { findJellyOrder } from './queries.ts';
import { canonicalTxId, txIdProblem } from './tx-id.ts';

export const UPDATE_JELLY_MESSAGES = {
  reasonRequired: 'Give a reason to mark this order Failed',
  txRequired: 'Enter the payout txID to mark this order Completed',
  alreadyFinal: 'This order is already finished and cannot be changed',
  notPayable: 'This order cannot be marked Completed in its current step',
  txNotFound: 'This transaction is not on the chain (yet): check the txID',
  txMismatch: 'This transaction did not pay the order: the recipient did not receive the coin and amount owed',
} as const;

/**
 * Update Jelly: an admin records the payout txID and moves the order. Completed needs a txID in the receive
 * chain's format, and a Solana txID must show the recipient receiving the coin and the full amount. Failed needs a
 * reason. Every change is audited and the user notified. A txID another order or swap already holds is refused with
 * 409 by the database's claim on it (db/tx-claims.ts), and nothing of the change is written.
 */
export async function updateJelly(ctx: JellyContext, admin: AuthUser, input: UpdateJellyInput): Promise<JellyOrder> {
  const order = await findJellyOrder(ctx.db, input.id);
  if (!order) throw notFound('Order not found.');
  if (jellyStageRules(order.stage).final) throw conflict(UPDATE_JELLY_MESSAGES.alreadyFinal);
  if (input.txID) {
    const problem = txIdProblem(order.receiveChain, input.txID);
    if (problem) throw validationError(problem, { txID: problem });
  }
  const txId = input.txID ? canonicalTxId(order.receiveChain, input.txID) : null;
  let verified: { slot: number; amount: bigint } | null = null;
  if (input.status === SwapStatus.Completed) {
    if (!txId) throw validationError(UPDATE_JELLY_MESSAGES.txRequired, { txID: UPDATE_JELLY_MESSAGES.txRequired });
    if (order.receiveChain === 'Solana') {
      // The payout is checked against the coin's mint on this cluster; a coin withdrawn since has none.
      const receive = jellyCoin(ctx.coins, order.receiveCoin, order.receiveChain);
      if (!receive) throw conflict(COIN_WITHDRAWN(order.receiveCoin, order.receiveChain));
      if (!ctx.chain) throw badRequest(UPDATE_JELLY_MESSAGES.txNotFound);
      const delta = await addressDelta(ctx.chain.connection, txId, order.recipientAddress, receive.mint);
      if (!delta) throw badRequest(UPDATE_JELLY_MESSAGES.txNotFound);
      if (delta.failed || delta.delta < BigInt(order.amountReceive)) throw badRequest(UPDATE_JELLY_MESSAGES.txMismatch);
      verified = { slot: delta.slot, amount: delta.delta };
    }
  }
  if (input.status === SwapStatus.Failed && !input.reason) throw validationError(UPDATE_JELLY_MESSAGES.reasonRequired, { reason: UPDATE_JELLY_MESSAGES.reasonRequired });

  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const event = {
      kind: 'admin_update',
      actor: 'admin' as const,
      signature: txId,
      slot: verified?.slot ?? null,
      amount: input.status === SwapStatus.Completed ? BigInt(order.amountReceive) : null,
      coin: input.status === SwapStatus.Completed ? order.receiveCoin : null,
      note: input.reason ?? null,
    };
    let after = { stage: order.stage, txID: txId ?? order.payoutTx };
    if (input.status === SwapStatus.Completed) {
      const done = await moveJelly(tx, order.id, 'admin_complete', { event, set: { payoutTx: txId, adminSince: null } }, now);
      if (!done) throw conflict(UPDATE_JELLY_MESSAGES.notPayable);
      await notifyJelly(tx, done, 'jelly_completed', now);
      after = { stage: done.stage, txID: done.payoutTx };
    } else if (input.status === SwapStatus.Failed) {
      const failed = await moveJelly(tx, order.id, 'admin_fail', { event, set: { reason: input.reason ?? null, adminSince: null, ...(txId ? { payoutTx: txId } : {}) } }, now);
      if (!failed) throw conflict(UPDATE_JELLY_MESSAGES.alreadyFinal);
      await notifyJelly(tx, failed, 'jelly_failed', now);
      after = { stage: failed.stage, txID: failed.payoutTx };
    } else {
      if (txId) await tx.update(jellyOrders).set({ payoutTx: txId, updatedAt: now }).where(eq(jellyOrders.id, order.id));
      await addJellyEvent(tx, order.id, order.stage, event, now);
    }
    await recordAdminAct(tx, {
      actor: admin.wallet,
      action: 'coin_jelly_edited',
      subject: jellySubject(order.id),
      before: { stage: order.stage, txID: order.payoutTx },
      after,
      txSignature: txId,
      reason: input.reason ?? null,
      details: { jellyId: order.id, status: input.status },
      at: now,
    });
  });
  return orderView(ctx.db, ctx.coins, order.id);
}
