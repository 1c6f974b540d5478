import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { telegramLinks, telegramOutbox } from '../../db/schema/index.ts';
import { DEAL_BUTTON_TEXT, telegramTextOf } from './message-text.ts';

export type OutboxRow = typeof telegramOutbox.$inferSelect;

/** Rows claimed by one worker are not offered to others for this long (a crashed worker's rows come back). */
export const OUTBOX_LEASE_MS = 60_000;
/** How often the outbox is polled for due retries when nothing woke its worker (the telegram-outbox job). */
export const OUTBOX_POLL_MS = 2000;
/** Messages are given up after this many failed attempts. */
export const OUTBOX_MAX_ATTEMPTS = 8;

/** Queues a message (in the caller's transaction when given one); a trigger wakes the workers on commit. */
export async function enqueueTelegram(
  db: Database,
  message: { chatId: number; text: string; buttonText?: string | null; buttonUrl?: string | null; now: Date },
): Promise<void> {
  await db.insert(telegramOutbox).values({
    chatId: message.chatId,
    text: message.text,
    buttonText: message.buttonText ?? null,
    buttonUrl: message.buttonUrl ?? null,
    nextAttemptAt: message.now,
    createdAt: message.now,
  });
}

/**
 * Queues notification `notificationId` for every Telegram chat linked to `wallet`, in the caller's transaction (the
 * notification and its messages exist together): its text, and a button to `link` (a deal's or swap's chat) if any.
 */
export async function enqueueNotificationTelegram(
  tx: Pick<Database, 'execute'>,
  message: { wallet: string; notificationId: number; title: string; message: string; link: string | null; now: Date },
): Promise<void> {
  const at = message.now.toISOString();
  const text = telegramTextOf(message.title, message.message);
  await tx.execute(sql`
    insert into ${telegramOutbox} (chat_id, text, button_text, button_url, notification_id, next_attempt_at, created_at)
    select ${telegramLinks.chatId}, ${text}, ${message.link ? DEAL_BUTTON_TEXT : null}, ${message.link}, ${message.notificationId},
      ${at}::timestamptz, ${at}::timestamptz
    from ${telegramLinks} where ${telegramLinks.wallet} = ${message.wallet}`);
}

/**
 * Claims up to `limit` due messages for this worker: attempts + 1 and a lease, skipping rows another worker holds
 * (FOR UPDATE SKIP LOCKED), oldest first.
 */
export async function claimDueMessages(db: Database, now: Date, limit: number): Promise<OutboxRow[]> {
  const leaseUntil = new Date(now.getTime() + OUTBOX_LEASE_MS).toISOString();
  const result = await queryRows<{ id: string | number }>(db, sql`
    update ${telegramOutbox} set attempts = attempts + 1, next_attempt_at = ${leaseUntil}::timestamptz
    where id in (
      select id from ${telegramOutbox}
      where sent_at is null and failed_at is null and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by id
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = result.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db
    .select()
    .from(telegramOutbox)
    .where(inArray(telegramOutbox.id, ids))
    .orderBy(telegramOutbox.id);
}

export async function markSent(db: Database, id: number, now: Date): Promise<void> {
  await db.execute(sql`update ${telegramOutbox} set sent_at = ${now.toISOString()}::timestamptz, last_error = null where id = ${id}`);
}

export async function markFailed(db: Database, id: number, now: Date, error: string): Promise<void> {
  await db.execute(
    sql`update ${telegramOutbox} set failed_at = ${now.toISOString()}::timestamptz, last_error = ${error} where id = ${id}`,
  );
}

export async function scheduleRetry(db: Database, id: number, at: Date, error: string): Promise<void> {
  await db.execute(
    sql`update ${telegramOutbox} set next_attempt_at = ${at.toISOString()}::timestamptz, last_error = ${error} where id = ${id}`,
  );
}

/** The earliest time a pending message is due (to sleep until then), or null when nothing is pending. */
export async function nextDueAt(db: Database): Promise<Date | null> {
  const result = await queryRows<{ due: string | Date | null }>(
    db,
    sql`select min(next_attempt_at) as due from ${telegramOutbox} where sent_at is null and failed_at is null`,
  );
  const due = result[0]?.due ?? null;
  return due === null ? null : new Date(due);
}
