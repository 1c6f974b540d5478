import type { OrderDetails } from '@jelly/contracts';
import { isDealParty } from '@jelly/domain';
import type { Database } from '../../db/connect.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { adminResolutionOf } from '../deals/index.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { toOrder } from './order-view.ts';
import { findOrder } from './queries.ts';

/**
 * GET /orders/{orderId}: an offer (anyone signed in) or a deal (its two parties and admins) with its offer and,
 * once an admin resolved it, the admin's decision.
 */
export async function getOrder(db: Database, user: AuthUser, orderId: number): Promise<OrderDetails> {
  const row = await findOrder(db, orderId);
  if (!row) throw notFound(ORDER_MESSAGES.orderNotFound);
  if (row.parentOrderId === null) return { ...toOrder(row), parentOffer: null };
  if (!user.isAdmin && !isDealParty(row, user.wallet)) throw forbidden(ORDER_MESSAGES.dealNotParty);
  const offer = await findOrder(db, row.parentOrderId);
  return { ...toOrder(row), parentOffer: offer ? toOrder(offer) : null, adminResolution: await adminResolutionOf(db, row.orderId) };
}
