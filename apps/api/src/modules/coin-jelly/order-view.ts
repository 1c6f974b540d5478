import type { JellyCoin, JellyOrder } from '@jelly/contracts';
import type { Queryable } from '../../db/rows.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { findJellyOrder, jellyTimeline } from './queries.ts';
import { jellyOrderWire } from './to-wire.ts';

/** An order with its timeline, as the API answers it. */
export async function orderView(db: Queryable, coins: readonly JellyCoin[], id: number): Promise<JellyOrder> {
  const order = await findJellyOrder(db, id);
  if (!order) throw notFound('Order not found.');
  return jellyOrderWire(coins, order, await jellyTimeline(db, id));
}

/** GET /coin-jelly/orders/{id}: the order's own wallet or an admin. */
export async function getJellyOrder(db: Queryable, coins: readonly JellyCoin[], user: AuthUser, id: number): Promise<JellyOrder> {
  const view = await orderView(db, coins, id);
  if (view.userWallet !== user.wallet && !user.isAdmin) throw forbidden('This order belongs to another wallet.');
  return view;
}
