import { clampPage, clampPageSize, NOTIFICATIONS_PAGE_SIZE } from '@jelly/domain';
import { z } from 'zod';
import { isoDateTime, walletAddress } from './common.ts';
import { lazySchema } from './lazy-schema.ts';

/** What happened (one kind per deal event, plus chat, reviews and bans). */
export const notificationKinds = [
  'offer_claimed',
  'escrow_locked',
  'marked_paid',
  'deal_completed',
  'deal_cancelled',
  'deal_expired',
  'payment_window_ending',
  'window_extension_requested',
  'dispute_opened',
  'dispute_resolved',
  'chat_message',
  'review_received',
  'wallet_banned',
  'jelly_deposit_detected',
  'jelly_choice_needed',
  'jelly_completed',
  'jelly_failed',
  'jelly_refunded',
  'jelly_waiting_for_account',
  'swap_completed',
  'swap_failed',
  'refund_waits_for_account',
  'overdue',
  'support_case_opened',
  'support_case_closed',
] as const;
export const notificationKind = lazySchema(() => z.enum(notificationKinds));
export type NotificationKind = z.infer<typeof notificationKind>;

/** A notification as the API answers it: id, title, message, createdAt, isRead, readAt. */
export const notification = lazySchema(() => z.object({
  id: z.number().int().positive(),
  kind: notificationKind,
  title: z.string(),
  message: z.string(),
  /** The deal (or offer) it is about; the web app links to /swap-chat/{orderId}. */
  orderId: z.number().int().positive().nullable(),
  /** The Coin Jelly order it is about (jelly_* kinds); the web app links to /coin-jelly?order={jellyId}. */
  jellyId: z.number().int().positive().nullable().optional(),
  /** The swap whose chat it is about (a swap-chat message); the web app links to /swap-chat/{swapId}?kind=swap. */
  swapId: z.number().int().positive().nullable().optional(),
  createdAt: isoDateTime,
  isRead: z.boolean(),
  readAt: isoDateTime.nullable(),
}));
export type Notification = z.infer<typeof notification>;

/** The most a client may ask for in one page. */
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;

/**
 * GET /Notification?Page&Size (newest first). Page and Size are clamped to at least 1;
 * Size defaults to 10 and is capped at 100.
 */
export const notificationListQuery = lazySchema(() => z.object({
  Page: z
    .unknown()
    .optional()
    .transform((value) => clampPage(value))
    .meta({ type: 'integer', minimum: 1, default: 1, description: 'Page number, from 1.' }),
  Size: z
    .unknown()
    .optional()
    .transform((value) => Math.min(NOTIFICATIONS_MAX_PAGE_SIZE, clampPageSize(value, NOTIFICATIONS_PAGE_SIZE)))
    .meta({
      type: 'integer',
      minimum: 1,
      maximum: NOTIFICATIONS_MAX_PAGE_SIZE,
      default: NOTIFICATIONS_PAGE_SIZE,
      description: `Notifications per page, 1 to ${NOTIFICATIONS_MAX_PAGE_SIZE}.`,
    }),
}));
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notificationListResponse = lazySchema(() => z.object({
  data: z.array(notification),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  size: z.number().int().min(1),
}));
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

/** PUT /Notification/{id}/read — only the owner's notification (404 otherwise). */
export const notificationIdParams = lazySchema(() => z.object({ id: z.coerce.number().int().positive() }));
export const markNotificationReadResponse = lazySchema(() => notification);

/** GET /Notification/unread-count */
export const unreadCountResponse = lazySchema(() => z.object({ count: z.number().int().min(0) }));
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

/** GET /platform/telegram-code?wallet= (bearer; the wallet must be the caller). */
export const telegramCodeQuery = lazySchema(() => z.object({ wallet: walletAddress }));
export const telegramCodeResponse = lazySchema(() => z.object({
  /** Single-use; the bot links the chat on `/start <code>`. */
  code: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  expiresAt: isoDateTime,
  /** The bot to open (https://t.me/<bot>?start=<code>); null when no bot is configured. */
  botUsername: z.string().nullable(),
}));
export type TelegramCodeResponse = z.infer<typeof telegramCodeResponse>;

/** GET /platform/has-telegram/{wallet} → a bare boolean. */
export const hasTelegramParams = lazySchema(() => z.object({ wallet: walletAddress }));
export const hasTelegramResponse = lazySchema(() => z.boolean());

export const notificationPaths = {
  list: '/Notification',
  read: (id: number | string) => `/Notification/${encodeURIComponent(String(id))}/read`,
  unreadCount: '/Notification/unread-count',
  telegramCode: '/platform/telegram-code',
  hasTelegram: (wallet: string) => `/platform/has-telegram/${encodeURIComponent(wallet)}`,
  telegramWebhook: '/telegram/webhook',
} as const;
