import { CHAT_PAGE_MAX, type ChatMessage, type ChatMessagesQuery } from '@jelly/contracts';
import type { Database } from '../../db/connect.ts';
import type { AuthUser } from '../auth/index.ts';
import { assertCanReadChat, loadChatDeal } from './chat-access.ts';
import { listChatMessages } from './queries.ts';
import { toChatMessage } from './to-wire.ts';

export const CHAT_LOAD_ORDER_NOT_FOUND = 'Cannot load chat: order not found.';

/** A deal's messages, oldest first; `after` = the last id the caller has (incremental polling). */
export async function listMessages(
  db: Database,
  user: AuthUser,
  dealId: number,
  query: ChatMessagesQuery,
): Promise<ChatMessage[]> {
  const deal = await loadChatDeal(db, dealId, CHAT_LOAD_ORDER_NOT_FOUND);
  assertCanReadChat(deal, user);
  const rows = await listChatMessages(db, dealId, query.after ?? 0, query.limit ?? CHAT_PAGE_MAX);
  return rows.map(toChatMessage);
}
