import { eq } from 'drizzle-orm';
import { isChatClosed } from '@jelly/domain';
import type { Database } from '../../db/connect.ts';
import { chatAttachments, chatMessages, orders } from '../../db/schema/index.ts';
import { notifyChatMessage } from '../notifications/index.ts';
import { supportCaseOpenColumn } from './queries.ts';

export interface NewAttachmentMessage {
  dealId: number;
  senderWallet: string;
  caption: string;
  fileUrl: string;
  objectKey: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string;
  createdAt: Date;
}

/**
 * Records an uploaded file (stored by the attachments module) as a chat message plus its attachment row, in one transaction, only while the deal's chat
 * is open (the deal row is held FOR SHARE, as for text messages). Returns the message id, or undefined when closed.
 */
export async function insertAttachmentMessageIfOpen(db: Database, input: NewAttachmentMessage): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [deal] = await tx
      .select({ status: orders.status, supportCaseOpen: supportCaseOpenColumn() })
      .from(orders)
      .where(eq(orders.orderId, input.dealId))
      .for('share');
    if (!deal || isChatClosed(deal.status, deal.supportCaseOpen)) return undefined;
    const [message] = await tx
      .insert(chatMessages)
      .values({
        dealId: input.dealId,
        senderWallet: input.senderWallet,
        content: input.caption,
        fileUrl: input.fileUrl,
        clientCreatedAt: null,
        createdAt: input.createdAt,
      })
      .returning({ id: chatMessages.id });
    if (!message) throw new Error('insert returned no chat message');
    await tx.insert(chatAttachments).values({
      objectKey: input.objectKey,
      dealId: input.dealId,
      messageId: message.id,
      uploaderWallet: input.senderWallet,
      originalName: input.originalName,
      contentType: input.contentType,
      sizeBytes: input.sizeBytes,
      sha256: input.sha256,
      createdAt: input.createdAt,
    });
    // Notifications: the other party, unless viewing the deal (throttled), in this same transaction.
    await notifyChatMessage(tx, { dealId: input.dealId, senderWallet: input.senderWallet, content: input.caption, hasFile: true, now: input.createdAt });
    return message.id;
  });
}
