import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AdminAction } from '@jelly/contracts';
import type { OrderStatus, SupportCaseState } from '@jelly/domain';
import { timestamptz } from './columns.ts';
import { orders } from './orders.ts';

/** The audit row a landed resolution writes: its action, and details such as the admin's reason. */
export interface DealTransactionAudit {
  action: AdminAction;
  details: Record<string, unknown>;
}

/**
 * Every escrow transaction the server co-signed (POST /platform/admin/sign-and-send) or built itself (admin resolve,
 * payment-window refund), keyed by its signature. The admin's ed25519 signature is deterministic, so the same
 * transaction sent twice has the same key: the second answer is the first result.
 *
 * At most one transaction per deal is `pending` at a time (partial unique index): a deal's on-chain actions are
 * serialised across API replicas, so the payment-window job can never refund a deal whose fiat side is signing.
 */
export const dealTransactions = pgTable(
  'deal_transactions',
  {
    signature: text('signature').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId),
    /** lock | sign | cancel | admin_resolve */
    kind: text('kind').notNull(),
    /** The wallet that submitted it, or `server:<job>` for transactions the server built. */
    submittedBy: text('submitted_by').notNull(),
    /** pending (sent or about to be) | confirmed | failed */
    state: text('state').notNull(),
    /** The deal's status right after this transaction (the idempotent answer). */
    resultStatus: smallint('result_status').$type<OrderStatus>(),
    /** Failure: the program's error code (e.g. 6004) when known, and the message returned to the client. */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** The blockhash the transaction was built on: once it expired, a pending transaction can never land. */
    recentBlockhash: text('recent_blockhash').notNull(),
    /** The signed transaction (base64), kept while pending so it can be re-broadcast. */
    rawTransaction: text('raw_transaction'),
    /**
     * A resolution the server sends (an admin's decision, a payment-window refund): the audit row its landing writes
     * (the actor is `submittedBy`), recorded before the send, so whichever process records the landing writes it once.
     */
    audit: jsonb('audit').$type<DealTransactionAudit>(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check('deal_transactions_kind', sql`${t.kind} IN ('lock', 'sign', 'cancel', 'admin_resolve')`),
    check('deal_transactions_state', sql`${t.state} IN ('pending', 'confirmed', 'failed')`),
    uniqueIndex('deal_transactions_one_pending_per_deal').on(t.orderId).where(sql`${t.state} = 'pending'`),
    index('deal_transactions_order_idx').on(t.orderId, t.createdAt),
  ],
);

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

/**
 * Support requests (POST /platform/call-tg-bot): a party asks the admins to look at a deal. notified_at is set
 * by the SupportNotifier once the admins were told (the Telegram notifier comes with the notifications work).
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId),
    requesterWallet: text('requester_wallet').notNull(),
    buyerWallet: text('buyer_wallet'),
    sellerWallet: text('seller_wallet'),
    orderUrl: text('order_url').notNull(),
    receiver: text('receiver').notNull(),
    messageType: text('message_type').notNull(),
    /** The deal's status when the request came in. */
    statusBefore: smallint('status_before').$type<OrderStatus>().notNull(),
    notifiedAt: timestamptz('notified_at'),
    createdAt: timestamptz('created_at').notNull(),
    /** The requester's own words (at most 1000 characters). */
    message: text('message'),
    /** A case on an ended deal: 'open' until an admin closes it; null for a request on a live deal (a dispute). */
    state: text('state').$type<SupportCaseState>(),
    closedAt: timestamptz('closed_at'),
    /** The admin who closed the case, and why (both parties read the reason). */
    closedBy: text('closed_by'),
    closeReason: text('close_reason'),
  },
  (t) => [
    index('support_requests_order_idx').on(t.orderId, t.createdAt),
    index('support_requests_requester_idx').on(t.requesterWallet),
    // One open case per deal: the other party asking at the same moment joins it instead of opening a second.
    uniqueIndex('support_requests_open_case_idx').on(t.orderId).where(sql`${t.state} = 'open'`),
    check('support_requests_state_check', sql`${t.state} in ('open', 'closed')`),
  ],
);
