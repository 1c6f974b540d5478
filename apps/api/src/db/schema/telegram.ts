import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

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
