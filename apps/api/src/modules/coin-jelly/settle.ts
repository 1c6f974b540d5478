import type { JellyCoin } from '@jelly/contracts';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { SendAlreadyLive, type PlatformKey } from '../../chain/gate/index.ts';
import { AppError } from '../../errors.ts';
import { failpoint } from '../../lib/failpoint.ts';
import { jellyCoin } from './coins.ts';
import type { JellyContext } from './context.ts';
import { solanaDepositKey } from './deposit-keys.ts';
import { addJellyEvent, moveJelly, type JellyOrderRow } from './jelly-writes.ts';
import { SendInFlight, tokenAccountMissing } from './keypair-desk.ts';
import { sendFromDeposit } from './move-funds.ts';
import { findJellyOrder } from './queries.ts';
import { rentReturnTo } from './rent-return.ts';
import { payoutFailed, recordPayout, recordRefund, recordSweep, refundFailed } from './record-sends.ts';
import { endWaiting, markWaiting } from './wait-for-account.ts';
import { logEvent } from '../../lib/log-events.ts';

/** The event of a sweep the gate or the chain refused: the send recovery does not resume it (an admin looks). */
export const SWEEP_FAILED = 'sweep_failed';

/**
 * How a send that did not go out is handled. 'elsewhere': it is on its way (recorded, or another process's send
 * is): the send recovery finishes it. 'refused': the gate, the simulation or the node said no (as today: an admin
 * or the user acts). 'resumable': anything else — the database or the node unreachable — leaves the claim as it
 * is, and the send recovery resumes it once it is stale (resume-claims.ts); never marked failed for it.
 */
function sendFailure(error: unknown): 'elsewhere' | 'refused' | 'resumable' {
  if (error instanceof SendInFlight || error instanceof SendAlreadyLive) return 'elsewhere';
  return error instanceof AppError && error.code !== 'CHAIN_UNAVAILABLE' ? 'refused' : 'resumable';
}

const coinsOf = (ctx: JellyContext, o: JellyOrderRow) => ({
  send: jellyCoin(ctx.coins, o.sendCoin, o.sendChain),
  receive: jellyCoin(ctx.coins, o.receiveCoin, o.receiveChain),
});

/**
 * A token payment to an address without a token account for the coin waits: the platform does not open one with
 * its SOL (the owner could close it and keep the rent), and taking the rent from the amount would change a quote
 * the user accepted. The order is marked waiting once (its status box, a notification: wait-for-account.ts), the
 * user may open the account from that wallet or take a refund, and the send goes ahead once the account exists.
 */
async function waitsForAccount(ctx: JellyContext, order: JellyOrderRow, coin: JellyCoin, address: string): Promise<boolean> {
  if (!coin.mint || !ctx.chain) return false;
  const owner = new PublicKey(address);
  if (await ctx.chain.connection.getAccountInfo(getAssociatedTokenAddressSync(new PublicKey(coin.mint), owner, true), 'confirmed')) {
    await endWaiting(ctx.db, order);
    return false;
  }
  await markWaiting(ctx, order, tokenAccountMissing(coin, owner).message);
  return true;
}

/** A job's send is charged to the wallet whose order caused it. */
const chargeOf = (order: JellyOrderRow) => ({ wallet: order.userWallet, ip: null });
const gateOf = (ctx: JellyContext, chain: NonNullable<JellyContext['chain']>) => ({ db: ctx.db, chain, now: ctx.now, feePayer: ctx.feePayer, log: ctx.log });

/**
 * Where the rent of the deposit token account goes when the sweep or refund closes it: back to whoever paid it
 * (rent-return.ts), the platform keeping it only when one of its own keys opened it. Nothing to close for SOL.
 */
async function rentGoesTo(ctx: JellyContext, order: JellyOrderRow, coin: JellyCoin, deposit: PlatformKey): Promise<PublicKey | undefined> {
  if (!coin.mint || !ctx.chain) return undefined;
  const admin = ctx.chain.admin.publicKey;
  const account = getAssociatedTokenAddressSync(new PublicKey(coin.mint), deposit.publicKey);
  const platform = [admin, deposit.publicKey, ...(ctx.desk ? [ctx.desk.treasury] : [])];
  return rentReturnTo(ctx.chain.connection, account, { platform, keep: admin, fallback: new PublicKey(order.refundAddress) });
}

/**
 * Pays an order whose deposit matched (deposit_detected, both coins on Solana) from the desk, then verifies the
 * payout on chain before Completed. The order is claimed (settling) BEFORE the desk pays, so two runs never pay
 * twice; the send is recorded before it leaves, so a crash after the claim is finished by the send recovery.
 */
export async function settleJelly(ctx: JellyContext, orderId: number): Promise<void> {
  const order = await findJellyOrder(ctx.db, orderId);
  const { send, receive } = order ? coinsOf(ctx, order) : { send: undefined, receive: undefined };
  if (!order || order.stage !== 'deposit_detected' || !send?.automatic || !receive?.automatic || !ctx.desk || !ctx.chain) return;
  // The payout waits (the poller retries every tick) until the recipient's own wallet opens its token account.
  if (await waitsForAccount(ctx, order, receive, order.recipientAddress)) return;
  const claimed = await moveJelly(ctx.db, orderId, 'payout_sent', { event: { kind: 'payout_started' } }, ctx.now());
  if (!claimed) return;
  failpoint('jelly_payout', 'after-claim');
  await payClaimed(ctx, orderId);
}

/**
 * Sends the payout of an order claimed for it (settling, no payout recorded, no admin needed): the first send, or a
 * fresh one once the send recovery found the last one expired unlanded (it could never land: nothing pays twice).
 */
export async function payClaimed(ctx: JellyContext, orderId: number): Promise<void> {
  const order = await findJellyOrder(ctx.db, orderId);
  const receive = order ? coinsOf(ctx, order).receive : undefined;
  if (!order || order.stage !== 'settling' || order.payoutTx || order.adminSince || !receive || !ctx.desk || !ctx.chain) return;
  let paid: { signature: string; slot: number };
  try {
    paid = await ctx.desk.pay(receive, new PublicKey(order.recipientAddress), BigInt(order.amountReceive), chargeOf(order), `jelly:${order.id}:payout`, String(order.id));
  } catch (error) {
    const failure = sendFailure(error);
    // Recorded and perhaps on its way (or another process's send is): the send recovery finishes it.
    if (failure === 'elsewhere') {
      logEvent(ctx.log, 'payout.in_flight', { err: error, orderId }, 'coin jelly: payout in flight; the send recovery finishes it');
    } else if (failure === 'resumable') {
      logEvent(ctx.log, 'payout.not_sent', { err: error, orderId }, 'coin jelly: payout not sent; the send recovery resumes it');
    } else {
      // Refused before anything was sent: nothing is retried by itself, an admin looks.
      logEvent(ctx.log, 'payout.failed', { err: error, orderId }, 'coin jelly: payout failed');
      await payoutFailed(ctx.db, orderId, error, ctx.now());
    }
    return;
  }
  if (await recordPayout(ctx, orderId, paid.signature)) await sweepDeposit(ctx, orderId);
}

/** Empties a completed order's deposit into the desk's treasury (the platform pays the fee; the deposit account's rent goes back to its payer). */
export async function sweepDeposit(ctx: JellyContext, orderId: number): Promise<void> {
  const order = await findJellyOrder(ctx.db, orderId);
  if (!order || order.stage !== 'completed' || !ctx.chain || !ctx.desk) return;
  const { send } = coinsOf(ctx, order);
  if (!send || send.chain !== 'Solana') return;
  const amount = BigInt(order.received);
  if (amount <= 0n) return;
  const deposit = solanaDepositKey(ctx.config.seed, order.id);
  // the sweep's claim is the payout's record: the order Completed with its deposit not swept
  failpoint('jelly_sweep', 'after-claim');
  try {
    const swept = await sendFromDeposit(gateOf(ctx, ctx.chain), deposit, send, ctx.desk.treasury, amount, {
      closeTo: await rentGoesTo(ctx, order, send, deposit),
      kind: 'jelly_sweep',
      reference: `jelly:${order.id}:sweep`,
      ownerRef: String(order.id),
      chargeTo: chargeOf(order),
      treasury: ctx.desk.treasury,
    });
    await recordSweep(ctx, orderId, swept.signature);
  } catch (error) {
    // The funds stay at the deposit address (its key re-derives from the seed); a sweep in flight is finished by
    // the send recovery, which sweeps afresh if it never landed, and one never sent is resumed by it.
    const failure = sendFailure(error);
    if (failure === 'elsewhere') {
      logEvent(ctx.log, 'sweep.in_flight', { err: error, orderId }, 'coin jelly: sweep in flight; the send recovery finishes it');
      return;
    }
    logEvent(ctx.log, 'sweep.failed', { err: error, orderId }, 'coin jelly: sweep failed');
    if (failure === 'refused' && error instanceof AppError) {
      await addJellyEvent(ctx.db, orderId, 'completed', { kind: SWEEP_FAILED, note: error.message }, ctx.now());
    }
  }
}

/** Sends a refunding order's deposit back to its refund address (Solana coins; others are refunded by an admin). */
export async function refundJelly(ctx: JellyContext, orderId: number): Promise<void> {
  const order = await findJellyOrder(ctx.db, orderId);
  if (!order || order.stage !== 'refunding' || !ctx.chain) return;
  const { send } = coinsOf(ctx, order);
  if (!send || send.chain !== 'Solana') return;
  if (await waitsForAccount(ctx, order, send, order.refundAddress)) return;
  // Claim the refund by the table's refund_sent move (refunding → refund_sending): only the run that moves it sends.
  const claimed = await moveJelly(ctx.db, orderId, 'refund_sent', { event: { kind: 'refund_started' } }, ctx.now());
  if (!claimed) return;
  failpoint('jelly_refund', 'after-claim');
  await sendRefund(ctx, orderId);
}

/** Sends the refund of an order claimed for it: the first send, or a fresh one after the last expired unlanded. */
export async function sendRefund(ctx: JellyContext, orderId: number): Promise<void> {
  const order = await findJellyOrder(ctx.db, orderId);
  const send = order ? coinsOf(ctx, order).send : undefined;
  if (!order || order.stage !== 'refund_sending' || !send || !ctx.chain) return;
  const deposit = solanaDepositKey(ctx.config.seed, order.id);
  let sent: { signature: string; slot: number };
  try {
    sent = await sendFromDeposit(gateOf(ctx, ctx.chain), deposit, send, new PublicKey(order.refundAddress), BigInt(order.received), {
      closeTo: await rentGoesTo(ctx, order, send, deposit),
      kind: 'jelly_refund',
      reference: `jelly:${order.id}:refund`,
      ownerRef: String(order.id),
      chargeTo: chargeOf(order),
    });
  } catch (error) {
    const failure = sendFailure(error);
    if (failure === 'elsewhere') {
      logEvent(ctx.log, 'refund.in_flight', { err: error, orderId }, 'coin jelly: refund in flight; the send recovery finishes it');
      return;
    }
    // Refused: release the claim so the next run (or an admin) can send it, and tell the user what is missing.
    // Not sent for another reason: the claim stays, and the send recovery resumes it.
    if (failure === 'refused') await refundFailed(ctx.db, orderId, error, ctx.now());
    throw error;
  }
  await recordRefund(ctx, orderId, sent.signature);
}
