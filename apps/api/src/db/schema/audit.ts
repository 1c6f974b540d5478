import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { orders } from './orders-deals.ts';

/**
 * Every admin act (resolutions, four-eyes approvals, bans, token listings and edits, swap and Coin Jelly edits) and
 * the server's own deal refunds. Append-only: a database trigger refuses UPDATE and DELETE (migration admin-audit).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey(),
    /** Insertion order: acts written in the same millisecond still read back in the order they happened. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The admin wallet, or `server:<job>` for automatic actions (payment-window refunds, lock reconciliation). */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.orderId),
    /** What was acted on: a wallet, a mint, a deal id, a swap id. */
    subject: text('subject'),
    before: jsonb('before'),
    after: jsonb('after'),
    txSignature: text('tx_signature'),
    reason: text('reason'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('admin_audit_log_order_idx').on(t.orderId, t.createdAt),
    index('admin_audit_log_created_idx').on(t.createdAt),
    index('admin_audit_log_actor_idx').on(t.actor, t.createdAt),
    index('admin_audit_log_subject_idx').on(t.subject, t.createdAt),
  ],
);
