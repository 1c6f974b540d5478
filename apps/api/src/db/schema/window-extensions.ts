import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { orders } from './orders.ts';

/**
 * A party's request for more time on a deal's payment window, and the other party's answer. The database holds
 * the rules that concurrency could break: one pending request per deal (partial unique index) and at most two
 * requests per deal (seq is 1 or 2, unique per deal), whatever the number of simultaneous requests.
 */
export const dealWindowExtensions = pgTable(
  'deal_window_extensions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    dealId: bigint('deal_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId),
    /** 1 for the deal's first request, 2 for its second. */
    seq: smallint('seq').notNull(),
    requestedBy: text('requested_by').notNull(),
    minutes: integer('minutes').notNull(),
    /** pending | accepted | declined */
    state: text('state').notNull().default('pending'),
    answeredBy: text('answered_by'),
    /** The deadline the accepted extension moved from and to. */
    deadlineBefore: timestamptz('deadline_before'),
    deadlineAfter: timestamptz('deadline_after'),
    createdAt: timestamptz('created_at').notNull(),
    answeredAt: timestamptz('answered_at'),
  },
  (t) => [
    uniqueIndex('deal_window_extensions_seq_idx').on(t.dealId, t.seq),
    uniqueIndex('deal_window_extensions_pending_idx').on(t.dealId).where(sql`${t.state} = 'pending'`),
    check('deal_window_extensions_seq_range', sql`${t.seq} BETWEEN 1 AND 2`),
    check('deal_window_extensions_minutes', sql`${t.minutes} IN (15, 30, 60)`),
    check('deal_window_extensions_state', sql`${t.state} IN ('pending', 'accepted', 'declined')`),
  ],
);
