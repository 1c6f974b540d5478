import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { roomKind, timestamptz } from './columns.ts';

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
