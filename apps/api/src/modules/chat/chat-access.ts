import { CHAT_CLOSED, canAccessDealChat, checkChatPost } from '@jelly/domain';
import type { Database } from '../../db/connect.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { findChatDeal, type ChatDeal } from './queries.ts';

export const NOT_A_PARTY = 'Only the two parties of this deal and admins can use its chat.';

/** The deal, or 404 with the caller's wording (e.g. 'Cannot send: order not found.'). */
export async function loadChatDeal(db: Database, dealId: number, notFoundMessage: string): Promise<ChatDeal> {
  const deal = await findChatDeal(db, dealId);
  if (!deal) throw notFound(notFoundMessage);
  return deal;
}

/** Reading a deal's messages and files: its two parties and admins (also once the chat is closed). */
export function assertCanReadChat(deal: ChatDeal, user: AuthUser): void {
  if (!canAccessDealChat(deal, user.wallet, user.isAdmin)) throw forbidden(NOT_A_PARTY);
}

/** Writing: the same people, and only while the chat is open (not Completed or Cancelled). */
export function assertCanPostChat(deal: ChatDeal, user: AuthUser): void {
  assertCanReadChat(deal, user);
  const check = checkChatPost(deal, user.wallet, user.isAdmin);
  if (!check.ok) throw check.error === CHAT_CLOSED ? chatClosed() : forbidden(check.error);
}

export const chatClosed = () => conflict(CHAT_CLOSED);
