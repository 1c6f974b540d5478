import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { orders } from './orders.ts';

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
