import type { OrderStatus } from '@jelly/domain';
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { chatMessages, orders } from '../../db/schema/index.ts';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** The fields of a deal the chat rules need. */
export interface ChatDeal {
  orderId: number;
  creatorWallet: string;
  acceptorWallet: string | null;
  offerSide: number;
  status: OrderStatus;
  /** A support case is open on the ended deal: its chat is open again while it lasts. */
  supportCaseOpen: boolean;
}

/**
 * Whether the deal (the orders row in the query) has an open support case: it reopens a closed chat. The outer
 * column is named with its table on purpose: a bare column here would bind to the subquery's own row.
 */
export const supportCaseOpenColumn = () =>
  sql<boolean>`exists (select 1 from support_requests r where r.order_id = ${orders}.${sql.identifier(orders.orderId.name)} and r.state = 'open')`.mapWith(Boolean);

/** A deal (a claimed order: parent_order_id set) by id; offers have no chat. */
export async function findChatDeal(db: Database, dealId: number): Promise<ChatDeal | undefined> {
  const [row] = await db
    .select({
      orderId: orders.orderId,
      creatorWallet: orders.creatorWallet,
      acceptorWallet: orders.acceptorWallet,
      offerSide: orders.offerSide,
      status: orders.status,
      supportCaseOpen: supportCaseOpenColumn(),
    })
    .from(orders)
    .where(and(eq(orders.orderId, dealId), isNotNull(orders.parentOrderId)));
  return row;
}

/** Messages of a deal with id > after, oldest first. */
export async function listChatMessages(
  db: Database,
  dealId: number,
  after: number,
  limit: number,
): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.dealId, dealId), gt(chatMessages.id, after)))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
}
