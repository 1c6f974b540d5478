import type { JellyCoin } from '@jelly/contracts';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { eq, isNull } from 'drizzle-orm';
import { jellyOrders } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { addressDelta } from './chain-reads.ts';
import { jellyCoin } from './coins.ts';
import type { JellyContext } from './context.ts';
import { solanaDepositKey } from './deposit-keys.ts';
import { addJellyEvent, moveJelly, type JellyOrderRow } from './jelly-writes.ts';
import { tokenAccountMissing } from './keypair-desk.ts';
import { sendFromDeposit } from './move-funds.ts';
import { notifyJelly } from './notify-jelly.ts';
import { findJellyOrder, hasJellyEvent } from './queries.ts';

export const REFUNDED_REASON = 'Refunded to your wallet at your request';

const coinsOf = (o: JellyOrderRow) => ({
  send: jellyCoin(o.sendCoin, o.sendChain),
  receive: jellyCoin(o.receiveCoin, o.receiveChain),
});

export const WAITING_FOR_ACCOUNT = 'waiting_for_account';

/**
 * A token payment to an address without a token account for the coin waits: the platform does not open one with
 * its SOL (the owner could close it and keep the rent), and taking the rent from the amount would change a quote
 * the user accepted. The user is told once what to do; the poller sends it as soon as the account exists.
 */
async function waitsForAccount(ctx: JellyContext, order: JellyOrderRow, coin: JellyCoin, address: string): Promise<boolean> {
  if (!coin.mint || !ctx.chain) return false;
  const owner = new PublicKey(address);
  if (await ctx.chain.connection.getAccountInfo(getAssociatedTokenAddressSync(new PublicKey(coin.mint), owner, true), 'confirmed')) return false;
  if (!(await hasJellyEvent(ctx.db, order.id, WAITING_FOR_ACCOUNT))) {
    await addJellyEvent(ctx.db, order.id, order.stage, { kind: WAITING_FOR_ACCOUNT, note: tokenAccountMissing(coin, owner).message }, ctx.now());
  }
  return true;
}

/** A job's send is charged to the wallet whose order caused it. */
const chargeOf = (order: JellyOrderRow) => ({ wallet: order.userWallet, ip: null });
const gateOf = (ctx: JellyContext, chain: NonNullable<JellyContext['chain']>) => ({ db: ctx.db, chain, now: ctx.now, feePayer: ctx.feePayer, log: ctx.log });

/**
 * Pays an order whose deposit matched (deposit_detected, both coins on Solana) from the desk, then verifies the
 * payout on chain before Completed. The order is claimed (settling) BEFORE the desk pays, so two runs never pay
 * twice; a payout that fails after the claim leaves the order in settling for an admin.
 */
export async function settleJelly(ctx: JellyContext, orderId: number): Promise<void> {
  const order = await findJellyOrder(ctx.db, orderId);
  const { send, receive } = order ? coinsOf(order) : { send: undefined, receive: undefined };
  if (!order || order.stage !== 'deposit_detected' || !send?.automatic || !receive?.automatic || !ctx.desk || !ctx.chain) return;
  // The payout waits (the poller retries every tick) until the recipient's own wallet opens its token account.
  if (await waitsForAccount(ctx, order, receive, order.recipientAddress)) return;
  const claimed = await moveJelly(ctx.db, orderId, 'payout_sent', { kind: 'payout_started' }, ctx.now());
  if (!claimed) return;
  const amount = BigInt(order.amountReceive);
  let paid: { signature: string; slot: number };
  try {
    paid = await ctx.desk.pay(receive, new PublicKey(order.recipientAddress), amount, chargeOf(order), `jelly:${order.id}:payout`);
  } catch (error) {
    // Nothing is retried by itself (a payout that reached the chain unseen must not be sent twice): an admin looks.
    ctx.log?.error({ err: error, orderId }, 'coin jelly: payout failed');
    const now = ctx.now();
    const note = error instanceof AppError && error.details?.reason === 'token_account_missing'
      ? `${error.message} An admin completes the payout once it is open.`
      : 'The payout did not go through; an admin will complete it';
    await ctx.db.update(jellyOrders).set({ adminSince: now, updatedAt: now }).where(eq(jellyOrders.id, orderId));
    await addJellyEvent(ctx.db, orderId, 'settling', { kind: 'payout_failed', note }, now);
    return;
  }
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
  const deposit = solanaDepositKey(ctx.config.seed, order.id);
  try {
    const swept = await sendFromDeposit(gateOf(ctx, ctx.chain), deposit, send, ctx.desk.treasury, amount, {
      closeAfter: true,
      kind: 'jelly_sweep',
      reference: `jelly:${order.id}:sweep`,
      chargeTo: chargeOf(order),
      treasury: ctx.desk.treasury,
    });
    await addJellyEvent(ctx.db, orderId, 'completed', { kind: 'sweep', actor: 'system', signature: swept.signature, slot: swept.slot, amount, coin: send.currency }, ctx.now());
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
  if (await waitsForAccount(ctx, order, send, order.refundAddress)) return;
  // Claim the refund by the table's refund_sent move: only the run that sets the reason where none is goes on to send.
  const claimed = await moveJelly(ctx.db, orderId, 'refund_sent', { kind: 'refund_started' }, ctx.now(), { reason: REFUNDED_REASON }, isNull(jellyOrders.reason));
  if (!claimed) return;
  const deposit = solanaDepositKey(ctx.config.seed, order.id);
  let sent: { signature: string; slot: number };
  try {
    sent = await sendFromDeposit(gateOf(ctx, ctx.chain), deposit, send, new PublicKey(order.refundAddress), amount, {
      closeAfter: true,
      kind: 'jelly_refund',
      reference: `jelly:${order.id}:refund`,
      chargeTo: chargeOf(order),
    });
  } catch (error) {
    // Not sent: release the claim so the next run (or an admin) can send it, and tell the user what is missing.
    await ctx.db.update(jellyOrders).set({ reason: null, updatedAt: ctx.now() }).where(eq(jellyOrders.id, orderId));
    if (error instanceof AppError) {
      await addJellyEvent(ctx.db, orderId, 'refunding', { kind: 'refund_failed', note: error.message }, ctx.now());
    }
    throw error;
  }
  const delta = await addressDelta(ctx.chain.connection, sent.signature, order.refundAddress, send.mint);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await addJellyEvent(tx, orderId, 'refunding', { kind: 'refund', actor: 'system', signature: sent.signature, slot: sent.slot, amount, coin: send.currency }, now);
    if (delta && !delta.failed && delta.delta >= amount) {
      const done = await moveJelly(tx, orderId, 'refund_verified', { kind: 'refund_verified', signature: sent.signature, slot: delta.slot, amount: delta.delta, coin: send.currency }, now);
      if (done) await notifyJelly(tx, done, 'jelly_refunded', now);
    }
  });
}
