import type { JellyCoinCode } from '@jelly/contracts';
import { PublicKey } from '@solana/web3.js';
import { and, eq, isNull } from 'drizzle-orm';
import { jellyOrders } from '../../db/schema/index.ts';
import { recordAdminSpend } from '../fee-payer/index.ts';
import { addressDelta } from './chain-reads.ts';
import { jellyCoin } from './coins.ts';
import type { JellyContext } from './context.ts';
import { solanaDepositKeypair } from './deposit-keys.ts';
import { addJellyEvent, moveJelly, type JellyOrderRow } from './jelly-writes.ts';
import { sendFromDeposit } from './move-funds.ts';
import { notifyJelly } from './notify-jelly.ts';
import { findJellyOrder } from './queries.ts';

export const REFUNDED_REASON = 'Refunded to your wallet at your request';

const coinsOf = (o: JellyOrderRow) => ({
  send: jellyCoin(o.sendCoin as JellyCoinCode, o.sendChain as 'Solana'),
  receive: jellyCoin(o.receiveCoin as JellyCoinCode, o.receiveChain as 'Solana'),
});

async function spend(ctx: JellyContext, signature: string, kind: string, order: JellyOrderRow): Promise<void> {
  if (!ctx.chain) return;
  await recordAdminSpend({ db: ctx.db, chain: ctx.chain, now: ctx.now, feePayer: ctx.feePayer, log: ctx.log }, {
    signature,
    wallet: order.userWallet,
    ip: null,
    kind,
    orderId: null,
  });
}

/**
 * Pays an order whose deposit matched (deposit_detected, both coins on Solana) from the desk, then verifies the
 * payout on chain before Completed. The order is claimed (settling) BEFORE the desk pays, so two runs never pay
 * twice; a payout that fails after the claim leaves the order in settling for an admin.
 */
export async function settleJelly(ctx: JellyContext, orderId: number): Promise<void> {
  const order = await findJellyOrder(ctx.db, orderId);
  const { send, receive } = order ? coinsOf(order) : { send: undefined, receive: undefined };
  if (!order || order.stage !== 'deposit_detected' || !send?.automatic || !receive?.automatic || !ctx.desk || !ctx.chain) return;
  const claimed = await moveJelly(ctx.db, orderId, 'payout_sent', { kind: 'payout_started' }, ctx.now());
  if (!claimed) return;
  const amount = BigInt(order.amountReceive);
  const paid = await ctx.desk.pay(receive, new PublicKey(order.recipientAddress), amount);
  await spend(ctx, paid.signature, 'jelly_payout', order);
  const delta = await addressDelta(ctx.chain.connection, paid.signature, order.recipientAddress, receive.mint);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(jellyOrders).set({ payoutTx: paid.signature, updatedAt: now }).where(eq(jellyOrders.id, orderId));
    await addJellyEvent(tx, orderId, 'settling', { kind: 'payout', actor: 'system', signature: paid.signature, slot: paid.slot, amount, coin: receive.currency }, now);
    if (delta && !delta.failed && delta.delta >= amount) {
      const done = await moveJelly(tx, orderId, 'payout_verified', { kind: 'payout_verified', signature: paid.signature, slot: delta.slot, amount: delta.delta, coin: receive.currency }, now);
      if (done) await notifyJelly(tx, done, 'jelly_completed', now);
    }
  });
  await sweepDeposit(ctx, orderId);
}

/** Empties a completed order's deposit into the desk's treasury (the platform pays; token-account rent comes back). */
export async function sweepDeposit(ctx: JellyContext, orderId: number): Promise<void> {
  const order = await findJellyOrder(ctx.db, orderId);
  if (!order || order.stage !== 'completed' || !ctx.chain || !ctx.desk) return;
  const { send } = coinsOf(order);
  if (!send || send.chain !== 'Solana') return;
  const amount = BigInt(order.received);
  if (amount <= 0n) return;
  const deposit = solanaDepositKeypair(ctx.config.seed, order.id);
  try {
    const swept = await sendFromDeposit(ctx.chain, deposit, send, ctx.desk.treasury, amount, { closeAfter: true });
    await addJellyEvent(ctx.db, orderId, 'completed', { kind: 'sweep', actor: 'system', signature: swept.signature, slot: swept.slot, amount, coin: send.currency }, ctx.now());
    await spend(ctx, swept.signature, 'jelly_sweep', order);
  } catch (error) {
    // The funds stay at the deposit address (its key re-derives from the seed); the next sweep retries.
    ctx.log?.warn({ err: error, orderId }, 'coin jelly: sweep failed');
  }
}

/** Sends a refunding order's deposit back to its refund address (Solana coins; others are refunded by an admin). */
export async function refundJelly(ctx: JellyContext, orderId: number): Promise<void> {
  const order = await findJellyOrder(ctx.db, orderId);
  if (!order || order.stage !== 'refunding' || !ctx.chain) return;
  const { send } = coinsOf(order);
  if (!send || send.chain !== 'Solana') return;
  const amount = BigInt(order.received);
  // Claim the refund: only the run that sets refund-sent goes on to send.
  const [claimed] = await ctx.db
    .update(jellyOrders)
    .set({ reason: REFUNDED_REASON, updatedAt: ctx.now() })
    .where(and(eq(jellyOrders.id, orderId), eq(jellyOrders.stage, 'refunding'), isNull(jellyOrders.reason)))
    .returning();
  if (!claimed) return;
  const deposit = solanaDepositKeypair(ctx.config.seed, order.id);
  const sent = await sendFromDeposit(ctx.chain, deposit, send, new PublicKey(order.refundAddress), amount, { closeAfter: true });
  const delta = await addressDelta(ctx.chain.connection, sent.signature, order.refundAddress, send.mint);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await addJellyEvent(tx, orderId, 'refunding', { kind: 'refund', actor: 'system', signature: sent.signature, slot: sent.slot, amount, coin: send.currency }, now);
    if (delta && !delta.failed && delta.delta >= amount) {
      const done = await moveJelly(tx, orderId, 'refund_verified', { kind: 'refund_verified', signature: sent.signature, slot: delta.slot, amount: delta.delta, coin: send.currency }, now);
      if (done) await notifyJelly(tx, done, 'jelly_refunded', now);
    }
  });
  await spend(ctx, sent.signature, 'jelly_refund', order);
}
