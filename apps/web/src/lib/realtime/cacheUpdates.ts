import type { ChatMessage, RealtimeChatMessage, RealtimeDealWindow, RealtimeJellyUpdated, RealtimeNotificationCreated, RealtimeOrderStatus, RealtimeSwapUpdated } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api/api.ts';

/**
 * Pushed events applied to the RTK Query caches the screens read. The endpoints belong to other features, so they
 * are addressed by name and tag (features do not import each other): the deal chat's `chatMessages` (arg: deal id)
 * and the deal's `Deal` tag (GET /orders/{id}).
 */
export const CHAT_MESSAGES_ENDPOINT = 'chatMessages';
/** A swap's room (arg: swap id). */
export const SWAP_CHAT_MESSAGES_ENDPOINT = 'swapChatMessages';
export const DEAL_TAG = 'Deal';
/** GET /deals/{id}/window: the deal's requests for more time. */
export const DEAL_WINDOW_TAG = 'DealWindow';
/** GET /rating/order/{id}/status: a completed deal opens the success modal from it. */
export const DEAL_REVIEW_STATUS_TAG = 'DealReviewStatus';
/** The dashboard's own lists and stats: any status change of the wallet's orders may move rows between them. */
export const OWNER_ORDERS_TAG = 'OwnerOrders';
/** Every list and record of swaps (the swap page, the dashboard, the admin list). */
export const SWAPS_TAG = 'Swaps';
/** A Coin Jelly order (GET /coin-jelly/orders/{id}), refetched when its stage moves. */
export const COIN_JELLY_ORDER_TAG = 'CoinJellyOrder';
/** Coin Jelly lists (the user's orders, the admin history and queue). */
export const COIN_JELLY_ORDERS_TAG = 'CoinJellyOrders';

type AnyDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
// The base `api` declares no endpoints or tags; these are injected by the features at run time.
const loose = api.util as unknown as {
  updateQueryData: (endpoint: string, arg: unknown, recipe: (draft: ChatMessage[]) => ChatMessage[] | void) => UnknownAction;
  invalidateTags: (tags: ({ type: string; id: number } | string)[]) => UnknownAction;
};

/** Adds the message to the open chat's cache (once, in id order); a chat nobody has open is left alone. */
export function applyChatMessage(dispatch: AnyDispatch, event: RealtimeChatMessage): void {
  const [endpoint, room] = event.dealId !== null ? [CHAT_MESSAGES_ENDPOINT, event.dealId] : [SWAP_CHAT_MESSAGES_ENDPOINT, event.swapId];
  // The chat's endpoint is injected when its (lazy) screen first loads; before that no chat is on screen.
  if (room === null || room === undefined || !(endpoint in api.endpoints)) return;
  dispatch(
    loose.updateQueryData(endpoint, room, (draft) => {
      if (draft.some((message) => message.id === event.message.id)) return;
      const index = draft.findIndex((message) => message.id > event.message.id);
      if (index === -1) draft.push(event.message);
      else draft.splice(index, 0, event.message);
    }),
  );
}

/**
 * The deal (and its offer, whose available amount moves with it) is refetched by whoever shows it, and so are the
 * dashboard's lists (the socket only tells a wallet about its own orders).
 */
export function applyOrderStatus(dispatch: AnyDispatch, event: RealtimeOrderStatus): void {
  const tags = [{ type: DEAL_TAG, id: event.orderId }];
  if (event.parentOrderId !== null) tags.push({ type: DEAL_TAG, id: event.parentOrderId });
  if (event.status === OrderStatus.Completed) tags.push({ type: DEAL_REVIEW_STATUS_TAG, id: event.orderId });
  dispatch(loose.invalidateTags([...tags, OWNER_ORDERS_TAG]));
}

/**
 * A Coin Jelly order moved (deposit detected, choice needed, completed, failed, refunded): whoever shows the order
 * or a Coin Jelly list refetches it, so an open Confirm&Fund follows the chain without waiting for its poll.
 */
export function applyJellyNotification(dispatch: AnyDispatch, event: RealtimeNotificationCreated): void {
  const jellyId = event.notification.jellyId;
  if (jellyId == null) return;
  dispatch(loose.invalidateTags([{ type: COIN_JELLY_ORDER_TAG, id: jellyId }, COIN_JELLY_ORDERS_TAG]));
}

/**
 * A deal's payout now waits for its recipient's token account (the status does not move): the recipient's open deal
 * page refetches it and shows the banner with Receive.
 */
export function applyPayoutWaitNotification(dispatch: AnyDispatch, event: RealtimeNotificationCreated): void {
  const { kind, orderId } = event.notification;
  if (kind !== 'refund_waits_for_account' || orderId == null) return;
  dispatch(loose.invalidateTags([{ type: DEAL_TAG, id: orderId }]));
}

/** Support cases the admins' queue shows (the admin feature's tag). */
const ADMIN_DISPUTES_TAG = 'AdminDisputes';

/**
 * A support case on an ended deal was opened or closed: the deal page (its case note, its chat reopened or closed)
 * and the admins' queue refetch it; the deal's status did not move, so no order.status event comes.
 */
export function applySupportCaseNotification(dispatch: AnyDispatch, event: RealtimeNotificationCreated): void {
  const { kind, orderId } = event.notification;
  if ((kind !== 'support_case_opened' && kind !== 'support_case_closed') || orderId === null) return;
  dispatch(loose.invalidateTags([{ type: DEAL_TAG, id: orderId }, ADMIN_DISPUTES_TAG]));
}

/** A Coin Jelly order moved or gained a timeline event: its page, its Confirm&Fund status and every list refetch it. */
export function applyJellyUpdated(dispatch: AnyDispatch, event: RealtimeJellyUpdated): void {
  dispatch(loose.invalidateTags([{ type: COIN_JELLY_ORDER_TAG, id: event.order.id }, COIN_JELLY_ORDERS_TAG]));
}

/** A request for more time, or its answer: the deal (its deadline) and its window are refetched by whoever shows them. */
export function applyDealWindow(dispatch: AnyDispatch, event: RealtimeDealWindow): void {
  dispatch(
    loose.invalidateTags([
      { type: DEAL_WINDOW_TAG, id: event.dealId },
      { type: DEAL_TAG, id: event.dealId },
    ]),
  );
}

/** A swap moved (it landed, failed, or an admin corrected it): every list and record of swaps is refetched. */
export function applySwapUpdated(dispatch: AnyDispatch, _event: RealtimeSwapUpdated): void {
  dispatch(loose.invalidateTags([SWAPS_TAG]));
}

interface QueryEntry {
  endpointName?: string;
  originalArgs?: unknown;
}

/**
 * The deals whose chat is on screen: every cached `chatMessages` query (the chat drops its cache entry as soon as
 * no panel shows it). These are the rooms the socket subscribes to, which is what "viewing" means to the server.
 */
export function activeChatRooms(state: unknown): number[] {
  return cachedRoomIds(state, CHAT_MESSAGES_ENDPOINT);
}

/** The swaps whose chat is on screen (cached `swapChatMessages` queries): the swap rooms the socket subscribes to. */
export function activeSwapChatRooms(state: unknown): number[] {
  return cachedRoomIds(state, SWAP_CHAT_MESSAGES_ENDPOINT);
}

function cachedRoomIds(state: unknown, endpoint: string): number[] {
  const queries = (state as { api?: { queries?: Record<string, QueryEntry | undefined> } }).api?.queries ?? {};
  const rooms = new Set<number>();
  for (const entry of Object.values(queries)) {
    if (entry?.endpointName === endpoint && typeof entry.originalArgs === 'number') rooms.add(entry.originalArgs);
  }
  return [...rooms].sort((a, b) => a - b);
}
