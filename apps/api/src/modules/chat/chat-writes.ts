import { isChatClosed } from '@jelly/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import type { Queryable } from '../../db/rows.ts';
import { chatMessages, orders } from '../../db/schema/index.ts';
import { notifyChatMessage } from '../notifications/index.ts';
import { supportCaseOpenColumn, type ChatMessageRow } from './queries.ts';

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
      .select({ status: orders.status, supportCaseOpen: supportCaseOpenColumn() })
      .from(orders)
      .where(eq(orders.orderId, message.dealId))
      .for('share');
    if (!deal || isChatClosed(deal.status, deal.supportCaseOpen)) return undefined;
    const [row] = await tx.insert(chatMessages).values(message).returning();
    // Notifications: the other party, unless viewing the deal (throttled), in this same transaction.
    if (row) await notifyChatMessage(tx, { dealId: message.dealId, senderWallet: row.senderWallet, content: row.content, hasFile: row.fileUrl !== null, now: row.createdAt });
    return row;
  });
}

/**
 * The deal's own record of a party's act, posted in that party's name in the caller's transaction (the act and its
 * message commit together). Only for acts that need an open chat; the other party is notified like for a message,
 * unless the act sends a notification of its own (`notifyOther: false`), so nobody hears of one act twice.
 */
export async function insertSystemMessage(
  tx: Queryable,
  message: { dealId: number; senderWallet: string; content: string; createdAt: Date },
  { notifyOther = true }: { notifyOther?: boolean } = {},
): Promise<ChatMessageRow> {
  const [row] = await tx
    .insert(chatMessages)
    .values({ ...message, kind: 'system', fileUrl: null, clientCreatedAt: null })
    .returning();
  if (!row) throw new Error('system message not inserted');
  if (!notifyOther) return row;
  await notifyChatMessage(tx, {
    dealId: message.dealId,
    senderWallet: row.senderWallet,
    content: row.content,
    hasFile: false,
    now: row.createdAt,
  });
  return row;
}

/**
 * The offer's auto reply as the creator's first message of a new deal, written in the deal's own transaction. The
 * partial unique index on (deal_id) WHERE auto_reply keeps it to one per deal however many writers try; a blank
 * auto reply posts nothing. No notification: the claimer has the deal open, the creator wrote the text.
 */
export async function postAutoReply(
  db: Queryable,
  reply: { dealId: number; creatorWallet: string; content: string; createdAt: Date },
): Promise<void> {
  const content = reply.content.trim();
  if (!content) return;
  await db
    .insert(chatMessages)
    .values({ dealId: reply.dealId, senderWallet: reply.creatorWallet, content, fileUrl: null, createdAt: reply.createdAt, autoReply: true })
    .onConflictDoNothing({ target: chatMessages.dealId, where: sql`${chatMessages.autoReply}` });
}
