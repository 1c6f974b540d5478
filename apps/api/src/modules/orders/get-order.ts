import { DEFAULT_DISPUTE_SLA_HOURS, type OrderDetails } from '@jelly/contracts';
import { OrderStatus, isDealParty } from '@jelly/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { supportRequests } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { adminResolutionOf, payoutWaitOf } from '../deals/index.ts';
import { latestSupportCase } from '../support/index.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { toOrder } from './order-view.ts';
import { findOrder } from './queries.ts';

const HOUR_MS = 60 * 60 * 1000;

/** While a deal awaits the admins: when the dispute was opened and when they aim to have decided it. */
async function disputeClock(db: Database, orderId: number, slaHours: number): Promise<OrderDetails['dispute']> {
  const [first] = await db
    .select({ at: supportRequests.createdAt })
    .from(supportRequests)
    .where(eq(supportRequests.orderId, orderId))
    .orderBy(asc(supportRequests.createdAt))
    .limit(1);
  if (!first) return null;
  return { openedAt: first.at.toISOString(), slaDueAt: new Date(first.at.getTime() + slaHours * HOUR_MS).toISOString() };
}

/**
 * GET /orders/{orderId}: an offer (anyone signed in) or a deal (its two parties and admins) with its offer, the
 * dispute's SLA clock while it awaits the admins, a refund or release waiting for its recipient's token account,
 * once an admin resolved it, the admin's decision, and the latest support case opened after it ended (open, or
 * closed with the admin's reason).
 */
export async function getOrder(
  db: Database,
  user: AuthUser,
  orderId: number,
  slaHours: number = DEFAULT_DISPUTE_SLA_HOURS,
): Promise<OrderDetails> {
  const row = await findOrder(db, orderId);
  if (!row) throw notFound(ORDER_MESSAGES.orderNotFound);
  if (row.parentOrderId === null) return { ...toOrder(row), parentOffer: null };
  if (!user.isAdmin && !isDealParty(row, user.wallet)) throw forbidden(ORDER_MESSAGES.dealNotParty);
  const offer = await findOrder(db, row.parentOrderId);
  return {
    ...toOrder(row),
    parentOffer: offer ? toOrder(offer) : null,
    adminResolution: await adminResolutionOf(db, row.orderId),
    dispute: row.status === OrderStatus.AdminResolving ? await disputeClock(db, row.orderId, slaHours) : null,
    waitingForAccount: await payoutWaitOf(db, row.orderId),
    supportCase: await latestSupportCase(db, row.orderId),
  };
}
