import type { OrderStatus, SupportCaseState } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { orders } from './orders-deals.ts';

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
