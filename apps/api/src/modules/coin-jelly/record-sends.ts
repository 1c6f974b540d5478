import { and, eq, isNull } from 'drizzle-orm';
import { finishPlatformSend } from '../../chain/gate/index.ts';
import type { Queryable } from '../../db/rows.ts';
import { jellyOrders } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { failpoint } from '../../lib/failpoint.ts';
import { addressDelta } from './chain-reads.ts';
import { jellyCoin } from './coins.ts';
import type { JellyContext } from './context.ts';
import { addJellyEvent, moveJelly } from './jelly-writes.ts';
import { notifyJelly } from './notify-jelly.ts';

/** The reason a refunded order shows: written with its landing (refund_verified). */
export const REFUNDED_REASON = 'Refunded to your wallet at your request';
import { findJellyOrder } from './queries.ts';

/**
 * What a Coin Jelly send means for its order, written once whoever learns the outcome: the process that sent it, or
 * after its crash the send recovery on any replica. Each write goes through finishPlatformSend, so the order moves
 * exactly once per send.
 */

/** A landed payout: its signature on the order, the payout event, and Completed once the chain shows the amount. */
export async function recordPayout(ctx: JellyContext, orderId: number, signature: string): Promise<boolean> {
  const order = await findJellyOrder(ctx.db, orderId);
  const receive = order && jellyCoin(ctx.coins, order.receiveCoin, order.receiveChain);
  if (!order || !receive || !ctx.chain) return false;
  const amount = BigInt(order.amountReceive);
  const delta = await addressDelta(ctx.chain.connection, signature, order.recipientAddress, receive.mint);
  failpoint('jelly_payout', 'before-record');
  const now = ctx.now();
  return finishPlatformSend(ctx.db, signature, 'landed', now, async (tx) => {
    // an admin may have recorded a payout by hand meanwhile: theirs stays
    await tx.update(jellyOrders).set({ payoutTx: signature, updatedAt: now }).where(and(eq(jellyOrders.id, orderId), isNull(jellyOrders.payoutTx)));
    await addJellyEvent(tx, orderId, 'settling', { kind: 'payout', actor: 'system', signature, slot: delta?.slot ?? 0, amount, coin: receive.currency }, now);
    if (delta && !delta.failed && delta.delta >= amount) {
      const done = await moveJelly(tx, orderId, 'payout_verified', { event: { kind: 'payout_verified', signature, slot: delta.slot, amount: delta.delta, coin: receive.currency } }, now);
      if (done) await notifyJelly(tx, done, 'jelly_completed', now);
    }
  });
}

/** A payout that could not be made (refused before sending, or failed on chain): the order waits for an admin. */
export async function payoutFailed(db: Queryable, orderId: number, error: unknown, now: Date): Promise<void> {
  const note = error instanceof AppError && error.details?.reason === 'token_account_missing'
    ? `${error.message} An admin completes the payout once it is open.`
    : 'The payout did not go through; an admin will complete it';
  await db.update(jellyOrders).set({ adminSince: now, updatedAt: now }).where(eq(jellyOrders.id, orderId));
  await addJellyEvent(db, orderId, 'settling', { kind: 'payout_failed', note }, now);
}

/** A landed refund: the refund event, and Refunded once the chain shows the amount at the refund address. */
export async function recordRefund(ctx: JellyContext, orderId: number, signature: string): Promise<boolean> {
  const order = await findJellyOrder(ctx.db, orderId);
  const send = order && jellyCoin(ctx.coins, order.sendCoin, order.sendChain);
  if (!order || !send || !ctx.chain) return false;
  const amount = BigInt(order.received);
  const delta = await addressDelta(ctx.chain.connection, signature, order.refundAddress, send.mint);
  failpoint('jelly_refund', 'before-record');
  const now = ctx.now();
  return finishPlatformSend(ctx.db, signature, 'landed', now, async (tx) => {
    await addJellyEvent(tx, orderId, 'refund_sending', { kind: 'refund', actor: 'system', signature, slot: delta?.slot ?? 0, amount, coin: send.currency }, now);
    if (delta && !delta.failed && delta.delta >= amount) {
      const done = await moveJelly(tx, orderId, 'refund_verified', { event: { kind: 'refund_verified', signature, slot: delta.slot, amount: delta.delta, coin: send.currency }, set: { reason: REFUNDED_REASON } }, now);
      if (done) await notifyJelly(tx, done, 'jelly_refunded', now);
    }
  });
}

/** A refund that could not be made: the claim is released (refund_released: the next run sends it afresh) and the user told why. */
export async function refundFailed(db: Queryable, orderId: number, error: unknown, now: Date): Promise<void> {
  const note = error instanceof AppError ? error.message : null;
  await moveJelly(db, orderId, 'refund_released', { event: { kind: 'refund_failed', note } }, now);
}

/** A landed sweep of a completed order's deposit into the treasury. */
export async function recordSweep(ctx: JellyContext, orderId: number, signature: string): Promise<boolean> {
  const order = await findJellyOrder(ctx.db, orderId);
  const send = order && jellyCoin(ctx.coins, order.sendCoin, order.sendChain);
  if (!order || !send || !ctx.chain) return false;
  const amount = BigInt(order.received);
  const slot = (await ctx.chain.connection.getSignatureStatus(signature, { searchTransactionHistory: true })).value?.slot ?? 0;
  failpoint('jelly_sweep', 'before-record');
  const now = ctx.now();
  return finishPlatformSend(ctx.db, signature, 'landed', now, (tx) =>
    addJellyEvent(tx, orderId, 'completed', { kind: 'sweep', actor: 'system', signature, slot, amount, coin: send.currency }, now),
  );
}
