import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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

/**
 * Every open realtime WebSocket on any API process, so the per-IP and per-wallet socket caps count them all:
 * `wallet` is set once the socket has authenticated. A process refreshes `seen_at` of its rows periodically;
 * rows not refreshed within the lease belong to a process that died and no longer count. Written only by
 * realtime/socket-registry.ts.
 */
export const realtimeSockets = pgTable(
  'realtime_sockets',
  {
    socketId: text('socket_id').primaryKey(),
    processId: text('process_id').notNull(),
    ip: text('ip').notNull(),
    wallet: text('wallet'),
    seenAt: timestamptz('seen_at').notNull(),
  },
  (t) => [
    index('realtime_sockets_ip_idx').on(t.ip),
    index('realtime_sockets_wallet_idx').on(t.wallet),
    index('realtime_sockets_process_idx').on(t.processId),
  ],
);
