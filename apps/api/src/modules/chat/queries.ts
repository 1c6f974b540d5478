import { isChatClosed, type OrderStatus } from '@jelly/domain';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { chatMessages, orders } from '../../db/schema/index.ts';
import { notifyChatMessage } from '../notifications/index.ts';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** The fields of a deal the chat rules need. */
export interface ChatDeal {
  orderId: number;
  creatorWallet: string;
  acceptorWallet: string | null;
  offerSide: number;
  status: OrderStatus;
}

/** A deal (a claimed order: parent_order_id set) by id; offers have no chat. */
export async function findChatDeal(db: Database, dealId: number): Promise<ChatDeal | undefined> {
  const [row] = await db
    .select({
      orderId: orders.orderId,
      creatorWallet: orders.creatorWallet,
      acceptorWallet: orders.acceptorWallet,
      offerSide: orders.offerSide,
      status: orders.status,
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

export interface NewChatMessage {
  dealId: number;
  senderWallet: string;
  content: string;
  fileUrl: string | null;
  clientCreatedAt: Date | null;
  createdAt: Date;
}

/**
 * Inserts the message only while the deal's chat is still open. The deal row is read FOR SHARE, so a status change
 * running at the same moment waits for this insert (or this insert sees the new status): no message can land after
 * the chat closed. Undefined when the chat is closed (or the deal is gone).
 */
export async function insertChatMessageIfOpen(db: Database, message: NewChatMessage): Promise<ChatMessageRow | undefined> {
  return db.transaction(async (tx) => {
    const [deal] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.orderId, message.dealId))
      .for('share');
    if (!deal || isChatClosed(deal.status)) return undefined;
    const [row] = await tx.insert(chatMessages).values(message).returning();
    // Notifications: the other party, unless viewing the deal (throttled), in this same transaction.
    if (row) await notifyChatMessage(tx, { dealId: row.dealId, senderWallet: row.senderWallet, content: row.content, hasFile: row.fileUrl !== null, now: row.createdAt });
    return row;
  });
}
