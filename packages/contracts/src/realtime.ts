import { z } from 'zod';
import { chatMessage } from './chat.ts';
import { isoDateTime, walletAddress } from './common.ts';
import { notification } from './notifications.ts';
import { orderStatus } from './orders.ts';
import { swapRecord } from './swap.ts';
import { jellyListItem } from './coin-jelly.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * GET /api/realtime — the WebSocket that pushes deal events to the wallets concerned.
 *
 * 1. The client connects and sends `{ "type": "auth", "token": "<access token>" }` as its first message
 *    (or passes `?token=`); without a valid token within 5 s the server closes with 4401 / 4408.
 * 2. The server answers `ready`, then pushes `notification.created`, `chat.message`, `order.status`, `deal.window`, `swap.updated` and `jelly.updated`
 *    as they happen.
 * 3. The client may `subscribe` to a deal room while the deal's chat is open: the wallet counts as "viewing" it
 *    (no chat notification is written for it then), and admins receive the room's chat messages. Likewise
 *    `subscribe.swap` while a swap's chat is open (its owner or an admin): no notification of its messages then.
 * 4. `auth` may be sent again with a refreshed token (same wallet) to keep the socket past the old token's expiry.
 * Every frame is one JSON object; the server ignores nothing silently: bad frames get an `error` frame.
 */

export const REALTIME_PATH = '/realtime';
/** Seconds a connection may stay unauthenticated. */
export const REALTIME_AUTH_TIMEOUT_MS = 5000;
/** Largest client frame the server accepts (bytes). */
export const REALTIME_MAX_CLIENT_FRAME_BYTES = 4096;

/** WebSocket close codes the server uses (4000–4999 are application codes). */
export const realtimeCloseCodes = {
  /** The token was missing, invalid or expired (get a fresh one and reconnect). */
  unauthorized: 4401,
  /** No auth message within REALTIME_AUTH_TIMEOUT_MS. */
  authTimeout: 4408,
  /** The frame was not JSON or not a known message. */
  badMessage: 4400,
  /** The wallet is banned (the reason follows); do not reconnect. */
  banned: 4403,
  /** Too many open sockets for this wallet or this IP; close another first. */
  tooManySockets: 4429,
  /** The wallet's slots are held by sockets of a replica that died; they free within seconds: reconnect. */
  reconnecting: 4503,
  /** The server is shutting down (reconnect, possibly to another replica). */
  goingAway: 1001,
} as const;

const dealId = lazySchema(() => z.number().int().positive());

// ── client → server ───────────────────────────────────────────────────────────
export const realtimeClientMessage = lazySchema(() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(2048) }),
  z.object({ type: z.literal('subscribe'), dealId }),
  z.object({ type: z.literal('unsubscribe'), dealId }),
  z.object({ type: z.literal('subscribe.swap'), swapId: dealId }),
  z.object({ type: z.literal('unsubscribe.swap'), swapId: dealId }),
  z.object({ type: z.literal('ping'), id: z.string().max(64).optional() }),
]));
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessage>;

// ── server → client ───────────────────────────────────────────────────────────
export const realtimeReady = lazySchema(() => z.object({
  type: z.literal('ready'),
  wallet: walletAddress,
  /** When the token expires; send a new `auth` before then or the server closes with 4401. */
  expiresAt: isoDateTime,
}));

export const realtimeNotificationCreated = lazySchema(() => z.object({
  type: z.literal('notification.created'),
  notification,
}));
export type RealtimeNotificationCreated = z.infer<typeof realtimeNotificationCreated>;

export const realtimeChatMessage = lazySchema(() => z.object({
  type: z.literal('chat.message'),
  /** The deal's room, or null for a swap's room (then swapId names it). */
  dealId: dealId.nullable(),
  swapId: dealId.nullable().optional(),
  message: chatMessage,
}));
export type RealtimeChatMessage = z.infer<typeof realtimeChatMessage>;

export const realtimeOrderStatus = lazySchema(() => z.object({
  type: z.literal('order.status'),
  /** The order whose status changed (a deal, or an offer). */
  orderId: dealId,
  /** The offer of a deal (its available amount changed too), null for an offer. */
  parentOrderId: dealId.nullable(),
  status: orderStatus,
  changedAt: isoDateTime,
}));
export type RealtimeOrderStatus = z.infer<typeof realtimeOrderStatus>;

/** A party asked for more time, or the request was answered (an accepted one moved the deadline). */
export const realtimeDealWindow = lazySchema(() => z.object({
  type: z.literal('deal.window'),
  dealId,
  /** The deal's deadline after this change. */
  paymentDeadline: isoDateTime.nullable(),
}));
export type RealtimeDealWindow = z.infer<typeof realtimeDealWindow>;

/** A swap of this wallet changed status (sent to its owner): the record as it is now. */
export const realtimeSwapUpdated = lazySchema(() => z.object({
  type: z.literal('swap.updated'),
  swap: swapRecord,
}));
export type RealtimeSwapUpdated = z.infer<typeof realtimeSwapUpdated>;

/** A Coin Jelly order of this wallet moved or gained a timeline event (sent to its owner): the order as it is now. */
export const realtimeJellyUpdated = lazySchema(() => z.object({
  type: z.literal('jelly.updated'),
  order: jellyListItem,
}));
export type RealtimeJellyUpdated = z.infer<typeof realtimeJellyUpdated>;

export const realtimeServerMessage = lazySchema(() => z.discriminatedUnion('type', [
  realtimeReady,
  realtimeDealWindow,
  realtimeNotificationCreated,
  realtimeChatMessage,
  realtimeOrderStatus,
  realtimeSwapUpdated,
  realtimeJellyUpdated,
  z.object({ type: z.literal('subscribed'), dealId }),
  z.object({ type: z.literal('unsubscribed'), dealId }),
  z.object({ type: z.literal('subscribed.swap'), swapId: dealId }),
  z.object({ type: z.literal('unsubscribed.swap'), swapId: dealId }),
  z.object({ type: z.literal('pong'), id: z.string().optional(), serverTime: isoDateTime }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  /** The server may have missed events (its database listener reconnected): refetch what is on screen. */
  z.object({ type: z.literal('resync') }),
]));
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessage>;
/** Events the server pushes on its own (the rest answer a client message). */
export type RealtimeEvent =
  | RealtimeNotificationCreated
  | RealtimeChatMessage
  | RealtimeOrderStatus
  | RealtimeDealWindow
  | RealtimeSwapUpdated
  | RealtimeJellyUpdated;
