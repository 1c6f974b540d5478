import type { AddSwapChatMessageRequest, ChatMessage, ChatMessagesQuery } from '@jelly/contracts';
import { CHAT_PAGE_MAX } from '@jelly/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import type { Queryable } from '../../db/rows.ts';
import { chatAttachments, chatMessages } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { notifySwapChatMessage } from '../notifications/index.ts';
import { findSwapRecords } from '../swap/index.ts';
import { NOT_YOUR_ACCOUNT } from './add-message.ts';
import { toChatMessage } from './to-wire.ts';

/** A swap's chat room: between the swap's owner and the admins (the desk). It never closes. */
export interface SwapRoom {
  swapId: number;
  owner: string;
}

export const SWAP_CHAT_NOT_FOUND = 'Swap not found.';
export const NOT_THE_SWAP_OWNER = "Only the swap's owner and admins can use its chat.";

/** The swap's room, or 404; then only its owner and admins get in (403). */
export async function loadSwapRoom(db: Queryable, swapId: number, user: AuthUser): Promise<SwapRoom> {
  const swap = (await findSwapRecords(db, [swapId])).get(swapId);
  if (!swap) throw notFound(SWAP_CHAT_NOT_FOUND);
  if (!user.isAdmin && swap.wallet !== user.wallet) throw forbidden(NOT_THE_SWAP_OWNER);
  return { swapId, owner: swap.wallet };
}

/** The swap room's messages with id > after, oldest first. */
export async function listSwapMessages(db: Database, user: AuthUser, swapId: number, query: ChatMessagesQuery): Promise<ChatMessage[]> {
  await loadSwapRoom(db, swapId, user);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.swapId, swapId), gt(chatMessages.id, query.after ?? 0)))
    .orderBy(asc(chatMessages.id))
    .limit(query.limit ?? CHAT_PAGE_MAX);
  return rows.map(toChatMessage);
}

export interface SwapChatDeps {
  db: Database;
  now: () => Date;
  /** The desk: every admin wallet (config.adminWallets) hears of the owner's messages. */
  admins: ReadonlySet<string>;
}

/**
 * Posts a text message to the swap's room as the signed-in wallet. The trigger pushes it to the owner and the desk;
 * the other side gets a notification (unless viewing the room, throttled) in the message's own transaction.
 */
export async function addSwapMessage(
  { db, now, admins }: SwapChatDeps,
  user: AuthUser,
  swapId: number,
  request: AddSwapChatMessageRequest,
): Promise<ChatMessage> {
  if (request.accountId !== user.wallet) throw forbidden(NOT_YOUR_ACCOUNT);
  const room = await loadSwapRoom(db, swapId, user);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        swapId: room.swapId,
        senderWallet: user.wallet,
        content: request.content,
        fileUrl: null,
        clientCreatedAt: new Date(request.createdAtUtc),
        createdAt: now(),
      })
      .returning();
    if (!inserted) throw new Error('swap chat message not inserted');
    await notifySwapChatMessage(tx, {
      swapId: room.swapId,
      owner: room.owner,
      admins,
      senderWallet: inserted.senderWallet,
      content: inserted.content,
      hasFile: false,
      now: inserted.createdAt,
    });
    return inserted;
  });
  return toChatMessage(row);
}

export interface NewSwapAttachment {
  room: SwapRoom;
  /** The desk (config.adminWallets), told of the owner's files like of their messages. */
  admins: ReadonlySet<string>;
  senderWallet: string;
  caption: string;
  fileUrl: string;
  objectKey: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
}

/**
 * An uploaded file as a message of the swap's room plus its attachment row and the other side's notification, in
 * one transaction; the message id.
 */
export async function insertSwapAttachmentMessage(db: Database, input: NewSwapAttachment): Promise<number> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(chatMessages)
      .values({ swapId: input.room.swapId, senderWallet: input.senderWallet, content: input.caption, fileUrl: input.fileUrl, clientCreatedAt: null, createdAt: input.createdAt })
      .returning({ id: chatMessages.id });
    if (!message) throw new Error('insert returned no chat message');
    await tx.insert(chatAttachments).values({
      objectKey: input.objectKey,
      swapId: input.room.swapId,
      messageId: message.id,
      uploaderWallet: input.senderWallet,
      originalName: input.originalName,
      contentType: input.contentType,
      sizeBytes: input.sizeBytes,
      createdAt: input.createdAt,
    });
    await notifySwapChatMessage(tx, {
      swapId: input.room.swapId,
      owner: input.room.owner,
      admins: input.admins,
      senderWallet: input.senderWallet,
      content: input.caption,
      hasFile: true,
      now: input.createdAt,
    });
    return message.id;
  });
}
