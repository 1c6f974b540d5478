import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { orders } from './orders.ts';

/**
 * The rent-reclamation work list: escrow accounts the admin paid rent for, to close once no longer needed.
 * `kind = 'ticket'`: the FillTicket of deal `order_id` (closable once the deal ended); `kind = 'order'`: the
 * UniversalOrder and vault of offer `order_id` (closable once the offer is cancelled or filled, no ticket open).
 * One row per account (unique kind + order_id); enqueuing again re-arms it. Workers on any API replica claim due
 * rows with FOR UPDATE SKIP LOCKED and a lease, so each row is worked on by one process at a time.
 */
export const rentReclaims = pgTable(
  'rent_reclaims',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId),
    /** pending (due at next_attempt_at) | waiting (not closable yet; re-armed when its deal or offer ends) | done */
    state: text('state').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    /** Lamports returned to the admin by the closes of this row (0 when there was nothing to close). */
    lamportsReclaimed: bigint('lamports_reclaimed', { mode: 'bigint' }).notNull().default(sql`0`),
    signature: text('signature'),
    /** Who made the platform pay this rent (the lock's wallet and client IP): the close credits it back to them. */
    wallet: text('wallet'),
    ip: text('ip'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check('rent_reclaims_kind', sql`${t.kind} IN ('ticket', 'order')`),
    check('rent_reclaims_state', sql`${t.state} IN ('pending', 'waiting', 'done')`),
    uniqueIndex('rent_reclaims_account_idx').on(t.kind, t.orderId),
    index('rent_reclaims_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
  ],
);
