import type { JellyChoiceRequest, JellyOrder } from '@jelly/contracts';
import { COIN_JELLY_RATE_LOCK_MINUTES, fromBaseUnits } from '@jelly/domain';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { COIN_WITHDRAWN, jellyCoin } from './coins.ts';
import type { JellyContext } from './context.ts';
import { moveJelly } from './jelly-writes.ts';
import { findJellyOrder, jellyTimeline } from './queries.ts';
import { quoteJelly } from './quote.ts';
import { refundInsteadOfWaiting } from './refund-waiting.ts';
import { jellyOrderWire } from './to-wire.ts';

export const NO_CHOICE_PENDING = 'This order is not waiting for your choice.';

/**
 * The user's answer to an under-, over- or late payment, or to a deposit after the market moved against the fixed
 * rate beyond the band: exchange what arrived at the current rate (a fresh quote, fixed again for the rate's
 * lifetime), or get it back at the refund address. Then the payout or refund runs. A refund is also the user's way
 * out of a payout waiting for the recipient's token account.
 */
export async function chooseJelly(
  ctx: JellyContext,
  user: AuthUser,
  orderId: number,
  { choice }: JellyChoiceRequest,
  proceed: (orderId: number) => Promise<void>,
): Promise<JellyOrder> {
  const order = await findJellyOrder(ctx.db, orderId);
  if (!order) throw notFound('Order not found.');
  if (order.userWallet !== user.wallet) throw forbidden('This order belongs to another wallet.');
  if (order.stage !== 'needs_choice') {
    // A payout waiting for the recipient's token account may be refunded instead (refund-waiting.ts).
    if (choice !== 'refund' || !(await refundInsteadOfWaiting(ctx, order))) throw conflict(NO_CHOICE_PENDING);
    return proceeded(ctx, orderId, proceed);
  }
  const now = ctx.now();
  let moved;
  if (choice === 'refund') {
    moved = await moveJelly(ctx.db, orderId, 'choose_refund', { event: { kind: 'choice', actor: 'user', note: 'refund' }, set: { pendingChoice: null } }, now);
  } else {
    const send = jellyCoin(ctx.coins, order.sendCoin, order.sendChain);
    if (!send) throw conflict(COIN_WITHDRAWN(order.sendCoin, order.sendChain));
    const received = BigInt(order.received);
    const quote = await quoteJelly(ctx, {
      sendCoin: order.sendCoin,
      sendChain: order.sendChain,
      receiveCoin: order.receiveCoin,
      receiveChain: order.receiveChain,
      amountUserSend: fromBaseUnits(received, send.decimals),
    });
    const automatic = quote.send.automatic && quote.receive.automatic;
    const patch = {
      pendingChoice: null,
      amountSend: received.toString(),
      amountReceive: quote.amountReceive.toString(),
      rate: quote.rate,
      expireAt: new Date(now.getTime() + COIN_JELLY_RATE_LOCK_MINUTES * 60_000),
    };
    const event = { kind: 'choice', actor: 'user' as const, note: `exchange at ${quote.rate}`, amount: quote.amountReceive, coin: quote.receive.currency };
    moved = await moveJelly(ctx.db, orderId, 'choose_exchange', { event, set: patch }, now);
    if (moved && !automatic) {
      moved = await moveJelly(ctx.db, orderId, 'deposit_needs_admin', { event: { kind: 'awaiting_admin' }, set: { adminSince: now } }, now);
    }
  }
  if (!moved) throw conflict(NO_CHOICE_PENDING);
  return proceeded(ctx, orderId, proceed);
}

/** Runs the payout or refund the choice started and answers the order as it then is. */
async function proceeded(ctx: JellyContext, orderId: number, proceed: (orderId: number) => Promise<void>): Promise<JellyOrder> {
  await proceed(orderId);
  const fresh = await findJellyOrder(ctx.db, orderId);
  return jellyOrderWire(ctx.coins, fresh!, await jellyTimeline(ctx.db, orderId));
}
