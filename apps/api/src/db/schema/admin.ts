import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { orders } from './orders-deals.ts';

/**
 * Four-eyes resolutions: the first admin's request, decided by a different admin. At most one pending per deal.
 */
export const resolveApprovals = pgTable(
  'resolve_approvals',
  {
    id: uuid('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId),
    releaseTo: text('release_to').notNull(),
    reason: text('reason').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamptz('requested_at').notNull(),
    state: text('state').notNull().default('pending'),
    decidedBy: text('decided_by'),
    decidedAt: timestamptz('decided_at'),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    check('resolve_approvals_release_to', sql`${t.releaseTo} IN ('buyer', 'seller')`),
    check('resolve_approvals_state', sql`${t.state} IN ('pending', 'approved', 'rejected')`),
    check('resolve_approvals_four_eyes', sql`${t.decidedBy} IS NULL OR ${t.decidedBy} <> ${t.requestedBy}`),
    uniqueIndex('resolve_approvals_one_pending_idx').on(t.orderId).where(sql`${t.state} = 'pending'`),
    index('resolve_approvals_order_idx').on(t.orderId, t.requestedAt),
  ],
);
