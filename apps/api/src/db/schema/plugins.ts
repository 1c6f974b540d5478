import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Per-IP and per-wallet request counters of the HTTP rate limits, shared by every API process (a fixed window per
 * key: `hits` requests since the window began, which ends at `resets_at`). One row per route and client; rows whose
 * window ended are swept. Written only by plugins/rate-limit-store.ts.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamptz('resets_at').notNull(),
});
