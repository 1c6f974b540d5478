import type { UpdateOfferQuery } from '@jelly/contracts';
import { OrderStatus, isDealParty } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { enqueueReclaim } from '../deals/index.ts';
import { notifyDealCancelledBy } from '../notifications/index.ts';
import type { OrderContext } from './create-offer.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { findOrder } from './queries.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * PUT /orders/update-offers — the only status change a caller makes directly is a database cancel:
 * - an Active offer, by its creator (deals already open on it carry on);
 * - an In Progress deal whose crypto is not locked, by either party; its amount goes back to the offer.
 * Everything else (lock, signatures, on-chain cancel, resolution, expiry) is moved by the server from the chain.
 * The party who cancels a deal is recorded as the one at fault (its completion rate, its cancellation count).
 * Each change is one conditional UPDATE on the expected status, so a racing lock or claim cannot be overwritten.
 */
export async function cancelOrder(
  ctx: Pick<OrderContext, 'db' | 'now'>,
  user: AuthUser,
  { orderId, orderStatus: requestedStatus }: UpdateOfferQuery,
): Promise<{ orderId: number; status: OrderStatus }> {
  const { db } = ctx;
  const now = ctx.now();
  const order = await findOrder(db, orderId);
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  if (requestedStatus !== OrderStatus.Cancelled) throw conflict(ORDER_MESSAGES.onlyCancel);

  if (order.parentOrderId === null) {
    if (order.creatorWallet !== user.wallet) throw forbidden(ORDER_MESSAGES.cancelOfferNotCreator);
    return db.transaction(async (tx) => {
      const result = await queryRows<{ order_id: number }>(tx, sql`
        UPDATE orders SET status = ${OrderStatus.Cancelled}, updated_at = ${now}
        WHERE order_id = ${orderId} AND parent_order_id IS NULL AND status = ${OrderStatus.Active}
        RETURNING order_id`);
      if (result.length !== 1) throw conflict(ORDER_MESSAGES.cancelOfferNotActive);
      await enqueueReclaim(tx, 'order', orderId, now); // its escrow order and vault are closed once no deal is open
      return { orderId, status: OrderStatus.Cancelled };
    });
  }

  if (!isDealParty(order, user.wallet)) throw forbidden(ORDER_MESSAGES.cancelDealNotParty);
  if (order.status === OrderStatus.CryptoGuyLockedCrypto || order.lockedAt !== null) {
    throw conflict(ORDER_MESSAGES.cancelDealLocked);
  }
  return db.transaction(async (tx) => {
    const cancelled = await queryRows<{ amount: string }>(tx, sql`
      UPDATE orders SET status = ${OrderStatus.Cancelled}, updated_at = ${now}, at_fault_wallet = ${user.wallet}
      WHERE order_id = ${orderId} AND status = ${OrderStatus.InProgress} AND locked_at IS NULL
      RETURNING amount::text AS amount`);
    const row = cancelled[0];
    if (!row) {
      const current = await findOrder(tx, orderId);
      throw conflict(
        current?.status === OrderStatus.CryptoGuyLockedCrypto ? ORDER_MESSAGES.cancelDealLocked : ORDER_MESSAGES.cancelDealState,
      );
    }
    await tx.execute(sql`
      UPDATE orders SET amount = amount + ${row.amount}::numeric, updated_at = ${now}
      WHERE order_id = ${order.parentOrderId}`);
    // Notifications: the other party hears who cancelled, in this same transaction.
    await notifyDealCancelledBy(tx, orderId, user.wallet, now);
    return { orderId, status: OrderStatus.Cancelled };
  });
}
