import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * In-app notifications. A row is written in the same transaction as the event that causes it; the realtime
 * fan-out (LISTEN/NOTIFY, sent in that transaction too) tells every API process its id after commit.
 * order_id is deliberately not a foreign key: a notification outlives nothing it points at, and bans have none.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    wallet: text('wallet').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    /** Structured facts behind the text (amounts, codes), for clients that want more than the words. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamptz('read_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    // The list (newest first) is one index range per wallet; the unread count reads the partial index.
    index('notifications_wallet_id_idx').on(t.wallet, t.id.desc()),
    index('notifications_wallet_unread_idx').on(t.wallet).where(sql`${t.isRead} = false`),
  ],
);

/** Telegram chats linked to a wallet (`/start <code>`); a chat follows one wallet, a wallet may have several chats. */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    chatId: bigint('chat_id', { mode: 'number' }).primaryKey(),
    wallet: text('wallet').notNull(),
    /** The Telegram user's @username at link time, for support staff. */
    username: text('username'),
    linkedAt: timestamptz('linked_at').notNull(),
  },
  (t) => [index('telegram_links_wallet_idx').on(t.wallet)],
);

/** Single-use link codes (GET /platform/telegram-code); a code expires after 10 minutes. */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    code: text('code').primaryKey(),
    wallet: text('wallet').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    usedByChatId: bigint('used_by_chat_id', { mode: 'number' }),
  },
  (t) => [index('telegram_link_codes_expires_at_idx').on(t.expiresAt)],
);

/**
 * Telegram outbox: messages to send, written in the event's transaction and sent after commit by whichever API
 * process claims them (FOR UPDATE SKIP LOCKED), retried with backoff, never blocking the request.
 */
export const telegramOutbox = pgTable(
  'telegram_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
    /** An inline button under the message (the deal's deep link); null for none. */
    buttonText: text('button_text'),
    buttonUrl: text('button_url'),
    notificationId: bigint('notification_id', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    sentAt: timestamptz('sent_at'),
    /** Set when the message was given up on (permanent error or too many attempts). */
    failedAt: timestamptz('failed_at'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('telegram_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

/** Which chat a row names: a deal's room or a swap's room (deal and swap ids are separate sequences). */
export type ChatRoomKind = 'deal' | 'swap';
const roomKind = () => text('room_kind').$type<ChatRoomKind>().notNull().default('deal');

/**
 * Who is viewing which chat room right now: one row per open realtime subscription, on any API process. A process
 * refreshes seen_at of its rows periodically; rows not refreshed for a while belong to a dead process.
 * deal_id is the room's id: the deal's, or the swap's when room_kind = 'swap'.
 */
export const dealViewers = pgTable(
  'deal_viewers',
  {
    subscriptionId: text('subscription_id').primaryKey(),
    wallet: text('wallet').notNull(),
    roomKind: roomKind(),
    dealId: bigint('deal_id', { mode: 'number' }).notNull(),
    processId: text('process_id').notNull(),
    seenAt: timestamptz('seen_at').notNull(),
  },
  (t) => [
    index('deal_viewers_wallet_room_idx').on(t.wallet, t.roomKind, t.dealId),
    index('deal_viewers_process_idx').on(t.processId),
    check('deal_viewers_room_kind_check', sql`${t.roomKind} in ('deal', 'swap')`),
  ],
);

/** The last chat notification per room and recipient (at most one per N minutes); deal_id as in deal_viewers. */
export const chatNotificationThrottle = pgTable(
  'chat_notification_throttle',
  {
    wallet: text('wallet').notNull(),
    roomKind: roomKind(),
    dealId: bigint('deal_id', { mode: 'number' }).notNull(),
    lastNotifiedAt: timestamptz('last_notified_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.wallet, t.roomKind, t.dealId] }),
    check('chat_notification_throttle_room_kind_check', sql`${t.roomKind} in ('deal', 'swap')`),
  ],
);

/** Reminders already sent for a deal (e.g. 'payment_window_ending'), so each goes out once across replicas. */
export const dealReminders = pgTable(
  'deal_reminders',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    sentAt: timestamptz('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.kind] })],
);
