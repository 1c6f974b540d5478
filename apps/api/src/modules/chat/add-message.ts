import type { AddChatMessageRequest, ChatMessage } from '@jelly/contracts';
import { CHAT_SEND_ORDER_NOT_FOUND } from '@jelly/domain';
import type { Database } from '../../db/connect.ts';
import { forbidden } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { assertCanPostChat, chatClosed, loadChatDeal } from './chat-access.ts';
import { insertChatMessageIfOpen } from './chat-writes.ts';
import { toChatMessage } from './to-wire.ts';

export const NOT_YOUR_ACCOUNT = 'accountId must be your own (signed-in) wallet.';

/** Posts a text message to a deal's chat as the signed-in wallet. */
export async function addMessage(
  { db, now }: { db: Database; now: () => Date },
  user: AuthUser,
  request: AddChatMessageRequest,
): Promise<ChatMessage> {
  if (request.accountId !== user.wallet) throw forbidden(NOT_YOUR_ACCOUNT);
  const deal = await loadChatDeal(db, request.dealId, CHAT_SEND_ORDER_NOT_FOUND);
  assertCanPostChat(deal, user);
  const row = await insertChatMessageIfOpen(db, {
    dealId: deal.orderId,
    senderWallet: user.wallet,
    content: request.content,
    fileUrl: null,
    clientCreatedAt: new Date(request.createdAtUtc),
    createdAt: now(),
  });
  if (!row) throw chatClosed();
  return toChatMessage(row);
}
