import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { roomKind, timestamptz } from './columns.ts';

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
