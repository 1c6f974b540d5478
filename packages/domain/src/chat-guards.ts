/** Deal chat send / upload guards. */
import { checkAttachment, type AttachmentKind } from './attachments.ts';
import { isChatClosed } from './deal-lifecycle.ts';
import { type DealParties, isDealParty } from './deal-roles.ts';
import {
  CHAT_CLOSED,
  CHAT_SEND_CONNECT_WALLET,
  CHAT_SEND_ORDER_NOT_FOUND,
  CHAT_SEND_SIGN_IN,
  CHAT_UPLOAD_CONNECT_WALLET,
  CHAT_UPLOAD_ORDER_NOT_FOUND,
  CHAT_UPLOAD_SIGN_IN,
} from './messages.ts';
import { type Check, fail, pass } from './result.ts';

export interface ChatContext {
  /** The order's status, or null/undefined when the order was not found. */
  readonly orderStatus: number | null | undefined;
  readonly wallet: string | null | undefined;
  readonly signedIn: boolean;
  /** A support case is open on the ended deal: its chat is open again while it lasts. */
  readonly supportCaseOpen?: boolean;
}

export type ChatSendDecision =
  | { readonly action: 'send'; readonly text: string }
  | { readonly action: 'ignore' }
  | { readonly action: 'error'; readonly error: string };

/**
 * Sending needs an existing order, a connected wallet, a signed-in user and an open chat.
 * Empty text with no file is ignored silently (checked first: pressing Enter on nothing is a no-op).
 */
export function decideChatSend(ctx: ChatContext, text: string, hasFile = false): ChatSendDecision {
  const trimmed = text.trim();
  if (!trimmed && !hasFile) return { action: 'ignore' };
  if (ctx.orderStatus == null) return { action: 'error', error: CHAT_SEND_ORDER_NOT_FOUND };
  if (!ctx.wallet) return { action: 'error', error: CHAT_SEND_CONNECT_WALLET };
  if (!ctx.signedIn) return { action: 'error', error: CHAT_SEND_SIGN_IN };
  if (isChatClosed(ctx.orderStatus, ctx.supportCaseOpen)) return { action: 'error', error: CHAT_CLOSED };
  return { action: 'send', text: trimmed };
}

/** Uploading needs the same checks (with the upload wording), then an allowed type and size. */
export function checkChatUpload(ctx: ChatContext, file: { readonly type: string; readonly size: number }): Check<AttachmentKind> {
  if (ctx.orderStatus == null) return fail(CHAT_UPLOAD_ORDER_NOT_FOUND);
  if (!ctx.wallet) return fail(CHAT_UPLOAD_CONNECT_WALLET);
  if (!ctx.signedIn) return fail(CHAT_UPLOAD_SIGN_IN);
  if (isChatClosed(ctx.orderStatus, ctx.supportCaseOpen)) return fail(CHAT_CLOSED);
  return checkAttachment(file);
}

/** Who may read and write a deal's chat: its two parties, and admins. */
export function canAccessDealChat(order: DealParties, wallet: string | null | undefined, isAdmin: boolean): boolean {
  return isAdmin || isDealParty(order, wallet);
}

/** Whether this wallet may post in the chat right now (server-side authorisation). */
export function checkChatPost(
  order: DealParties & { readonly status: number; readonly supportCaseOpen?: boolean },
  wallet: string | null | undefined,
  isAdmin: boolean,
): Check {
  if (!canAccessDealChat(order, wallet, isAdmin)) return fail('Only the parties of this deal can use its chat');
  if (isChatClosed(order.status, order.supportCaseOpen)) return fail(CHAT_CLOSED);
  return pass();
}
