import type { AdminAction } from '@jelly/contracts';
import type { OrderStatus } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { orders } from './orders-deals.ts';

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

/** An admin's decision whose send waits for the recipient's token account: retried as it was decided. */
export interface RecordedResolution {
  /** The admin wallet that decided (the resolution's actor and audit). */
  admin: string;
  reason: string | null;
}

/**
 * Written only by the deals module. A deal whose payout the server built was refused because the recipient has no
 * token account for the deal's coin (the platform never opens one with its SOL): who must open which account, since
 * when, and what to send once they have — the payment-window refund, or the admin's recorded resolution. The row goes
 * when the send lands; the recipient's "Receive" retries it at once.
 */
export const dealPayoutWaits = pgTable(
  'deal_payout_waits',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => orders.orderId),
    /** refund_expired (the payment window ran out on a locked deal) | resolution (an admin decided) */
    kind: text('kind').notNull(),
    /** buyer (a release) | seller (a refund) */
    recipient: text('recipient').notNull(),
    recipientWallet: text('recipient_wallet').notNull(),
    mint: text('mint').notNull(),
    /** For kind = resolution: the decision to send again. */
    resolution: jsonb('resolution').$type<RecordedResolution>(),
    since: timestamptz('since').notNull(),
  },
  (t) => [
    check('deal_payout_waits_kind', sql`${t.kind} IN ('refund_expired', 'resolution')`),
    check('deal_payout_waits_recipient', sql`${t.recipient} IN ('buyer', 'seller')`),
  ],
);

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

/**
 * Running deals an admin must look at although nobody opened a dispute (a party was banned). Only a flag: the deal's
 * on-chain state is not touched. Cleared when the deal is resolved.
 */
export const dealReviewFlags = pgTable('deal_review_flags', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => orders.orderId),
  reason: text('reason').notNull(),
  flaggedBy: text('flagged_by').notNull(),
  flaggedAt: timestamptz('flagged_at').notNull(),
});

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
