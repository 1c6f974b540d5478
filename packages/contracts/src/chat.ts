import { z } from 'zod';
import { isoDateTime, walletAddress } from './common.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Chat rooms: a deal's (GET /chat/rooms/{orderId}/messages, POST /chat/add-messages) and a swap's
 * (GET and POST /chat/swaps/{swapId}/messages: the swap's owner and the admins, the desk).
 */

/** Longest message text the server accepts, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Most messages one GET answers; clients page on with `after` = the last id they have. */
export const CHAT_PAGE_MAX = 500;

/** A deal's order id (a positive integer; numeric strings accepted in paths and queries). */
export const chatDealId = lazySchema(() => z.coerce.number().int('Order id must be an integer').positive('Order id must be positive'));

export const chatMessage = lazySchema(() => z.object({
  /** Increasing per server: poll with `after` = the last id seen. */
  id: z.number().int().positive(),
  /** The deal whose room this is; null in a swap's room. */
  dealId: z.number().int().positive().nullable(),
  /** The swap whose room this is (absent or null in a deal's room). */
  swapId: z.number().int().positive().nullable().optional(),
  /** The sender's wallet. */
  accountId: walletAddress,
  /** The text (may be empty for an attachment without caption). */
  content: z.string(),
  /** When the server received the message (ISO, UTC). Messages are ordered and grouped by this time. */
  createdAtUtc: isoDateTime,
  /** The time the sender's device reported (ISO), kept as sent; null when it sent none. */
  clientCreatedAtUtc: isoDateTime.nullable(),
  /** The attachment's download path (see attachments.ts), or null for a text message. */
  fileUrl: z.string().nullable(),
  /** 'system': the deal's record of a party's act (a request for more time, its answer), sent in that party's name;
   *  absent on a message a user wrote. */
  kind: z.enum(['user', 'system']).optional(),
}));
export type ChatMessage = z.infer<typeof chatMessage>;

/** GET /chat/rooms/{orderId}/messages */
export const chatRoomParams = lazySchema(() => z.object({ orderId: chatDealId }));
export const chatMessagesQuery = lazySchema(() => z.object({
  /** Only messages with a larger id (incremental polling). */
  after: z.coerce.number().int().min(0).optional(),
  /** Page size, 1–500 (default 500). */
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).optional(),
}));
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuery>;
/** Oldest first. */
export const chatMessagesResponse = lazySchema(() => z.array(chatMessage));

/** POST /chat/add-messages */
export const addChatMessageRequest = lazySchema(() => z.object({
  dealId: chatDealId,
  /** Must be the signed-in wallet. */
  accountId: walletAddress,
  content: z
    .string()
    .max(CHAT_MESSAGE_MAX_LENGTH, `A message can have at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`)
    .refine((text) => text.trim() !== '', 'A message needs some text.'),
  /** The sender's clock (ISO). The server stores it and also its own time. */
  createdAtUtc: isoDateTime,
}));
export type AddChatMessageRequest = z.infer<typeof addChatMessageRequest>;
export const addChatMessageResponse = lazySchema(() => chatMessage);

/** GET and POST /chat/swaps/{swapId}/messages */
export const chatSwapId = lazySchema(() => z.coerce.number().int('Swap id must be an integer').positive('Swap id must be positive'));
export const swapChatParams = lazySchema(() => z.object({ swapId: chatSwapId }));
export const addSwapChatMessageRequest = lazySchema(() => addChatMessageRequest.omit({ dealId: true }));
export type AddSwapChatMessageRequest = z.infer<typeof addSwapChatMessageRequest>;

export const chatPaths = {
  messages: (orderId: number | string) => `/chat/rooms/${encodeURIComponent(String(orderId))}/messages`,
  addMessage: '/chat/add-messages',
  swapMessages: (swapId: number | string) => `/chat/swaps/${encodeURIComponent(String(swapId))}/messages`,
} as const;
