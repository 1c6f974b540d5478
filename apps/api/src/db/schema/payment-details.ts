import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { orders } from './orders.ts';

/**
 * What a deal's seller gives, per payment method, for the buyer to pay them: a Sell offer's creator with the offer
 * (`offer_id` = the offer, shared by its deals), or a Buy offer's claimer with the claim (`offer_id` = the deal; see
 * @jelly/domain paymentDetailsOwnerId). Kept apart from `orders` so no
 * order, market or notification query can carry it by accident: it is read in one place (the orders module's
 * payment-details reader), behind the access rule of @jelly/domain paymentDetailsAccess.
 */
export const offerPaymentDetails = pgTable(
  'offer_payment_details',
  {
    offerId: bigint('offer_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId),
    paymentMethodId: text('payment_method_id').notNull(),
    details: text('details').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.paymentMethodId] }),
    check('offer_payment_details_length', sql`char_length(${t.details}) BETWEEN 1 AND 500`),
  ],
);
