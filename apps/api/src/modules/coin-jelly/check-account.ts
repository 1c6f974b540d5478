import type { JellyOrder } from '@jelly/contracts';
import { JELLY_STAGES_WITH_JOB } from '@jelly/domain';
import { forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import type { JellyContext } from './context.ts';
import { orderView } from './order-view.ts';
import { findJellyOrder } from './queries.ts';

/**
 * "Look again now" (POST /coin-jelly/orders/{id}/check-account), after the user's wallet opened the token account a
 * waiting payout or refund needs: the order's own step runs at once instead of at the poller's slower cadence for
 * waiting orders, so the coins follow within seconds. Only the order's wallet may ask; an order whose step is not
 * pending is answered as it is (the request is idempotent).
 */
export async function checkJellyAccount(ctx: JellyContext, user: AuthUser, orderId: number, proceed: (orderId: number) => Promise<void>): Promise<JellyOrder> {
  const order = await findJellyOrder(ctx.db, orderId);
  if (!order) throw notFound('Order not found.');
  if (order.userWallet !== user.wallet) throw forbidden('This order belongs to another wallet.');
  if (JELLY_STAGES_WITH_JOB.includes(order.stage)) await proceed(orderId);
  return orderView(ctx.db, ctx.coins, orderId);
}
