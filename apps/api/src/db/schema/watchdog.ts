import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * What the watchdog (modules/watchdog) found past its deadline (@jelly/domain wait-deadlines.ts): one row per waiting
 * record and kind. `notified_at` is set in the same transaction as the admins' notifications, so each wait is
 * announced once across replicas; `cleared_at` is set when the record moved on (a later wait of the same record and
 * kind reopens the row and is announced afresh). Only the watchdog writes this table.
 */
export const watchdogOverdue = pgTable(
  'watchdog_overdue',
  {
    /** A wait kind of the domain's table (deal_locked, jelly_settling, …). */
    kind: text('kind').notNull(),
    /** The waiting record: a deal, Coin Jelly order or swap id, a send's signature, a support request's id. */
    ref: text('ref').notNull(),
    /** When the record's clock started (its deadline is this plus the kind's allowance). */
    since: timestamptz('since').notNull(),
    detectedAt: timestamptz('detected_at').notNull(),
    notifiedAt: timestamptz('notified_at'),
    clearedAt: timestamptz('cleared_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.ref] }),
    index('watchdog_overdue_open_idx').on(t.kind).where(sql`${t.clearedAt} IS NULL`),
  ],
);
