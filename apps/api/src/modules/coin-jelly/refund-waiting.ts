import { isNotNull } from 'drizzle-orm';
import { jellyOrders } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import type { JellyContext } from './context.ts';
import { moveJelly, type JellyOrderRow } from './jelly-writes.ts';
import { findJellyOrder } from './queries.ts';

export const WAITING_REFUND_MESSAGES = {
  payoutSending: 'The payout is already being sent',
  payoutSent: 'The payout was already sent',
} as const;

/** Why a refund can no longer replace the payout at this stage, or null when the order is not about a payout. */
function payoutUnderWay(order: JellyOrderRow): string | null {
  if (order.stage === 'settling' || (order.stage === 'deposit_detected' && !order.waitingSince)) return WAITING_REFUND_MESSAGES.payoutSending;
  if (order.stage === 'completed') return WAITING_REFUND_MESSAGES.payoutSent;
  return null;
}

/**
 * The user takes the deposit back instead of waiting for the recipient's token account: the state table's
 * refund_instead_of_waiting move, only while the order is marked waiting. The payout's claim (payout_sent) moves
 * from the same stage, so exactly one of the two wins; the loser learns why (409). Returns false when the order is
 * not about a payout at all (the caller answers that no choice is pending).
 */
export async function refundInsteadOfWaiting(ctx: JellyContext, order: JellyOrderRow): Promise<boolean> {
  const early = payoutUnderWay(order);
  if (early) throw conflict(early);
  if (order.stage !== 'deposit_detected') return false;
  const moved = await moveJelly(ctx.db, order.id, 'refund_instead_of_waiting', { event: { kind: 'choice', actor: 'user', note: 'refund instead of waiting for the token account' }, set: { waitingSince: null }, where: isNotNull(jellyOrders.waitingSince) }, ctx.now());
  if (moved) return true;
  const now = await findJellyOrder(ctx.db, order.id);
  throw conflict((now && payoutUnderWay(now)) ?? WAITING_REFUND_MESSAGES.payoutSending);
}
