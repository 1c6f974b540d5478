import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { orders } from './orders-deals.ts';

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

/**
 * Per-wallet deal counters for the market's advertiser column and the trader profile, kept by triggers on `orders`
 * and `reviews` (migrations 'orders-trader-stats', 'deals-at-fault', 'trader-summary') in the same transaction as
 * each deal's status move or review: one row per wallet, so a profile or a market page reads counters instead of
 * aggregating deals. A failed deal counts only against the party at fault (orders.at_fault_wallet).
 */
export const traderStats = pgTable('trader_stats', {
  wallet: text('wallet').primaryKey(),
  /** Deals that ended: Completed, Cancelled, Admin Resolved or Expired. */
  trades: integer('trades').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  /** Cancelled or Expired. */
  cancelled: integer('cancelled').notNull().default(0),
  /** Deals under way (In Progress, Locked, Signed By One Party, Admin Resolving), for both parties. */
  openDeals: integer('open_deals').notNull().default(0),
  /** Completed deals where the wallet was the fiat side (buyer) / the crypto side (seller). */
  buyDeals: integer('buy_deals').notNull().default(0),
  sellDeals: integer('sell_deals').notNull().default(0),
  /** Completed locked deals: the sum of their lock → completion seconds, and how many. */
  releaseSeconds: numeric('release_seconds').notNull().default('0'),
  releaseCount: integer('release_count').notNull().default(0),
  /** Deals this wallet paid (fiat side): the sum of their lock → marked-paid seconds, and how many. */
  paymentSeconds: numeric('payment_seconds').notNull().default('0'),
  paymentCount: integer('payment_count').notNull().default(0),
  /** When its first deal completed. */
  firstTradeAt: timestamptz('first_trade_at'),
  /** Reviews received: how many, the sum of their scores, how many scored 4 or 5. */
  reviewsCount: integer('reviews_count').notNull().default(0),
  reviewsScoreSum: integer('reviews_score_sum').notNull().default(0),
  reviewsPositive: integer('reviews_positive').notNull().default(0),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Completed volume per wallet and token (both parties of a Completed deal), kept by the same trigger. */
export const traderVolume = pgTable(
  'trader_volume',
  {
    wallet: text('wallet').notNull(),
    tokenMint: text('token_mint').notNull(),
    tokenName: text('token_name').notNull(),
    tokenDecimal: smallint('token_decimal').notNull(),
    amount: numeric('amount', { precision: 60, scale: 0 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.wallet, t.tokenMint, t.tokenName, t.tokenDecimal] })],
);

/**
 * Deals that ended per wallet and UTC day (by the day they ended), kept by the same trigger with the same at-fault
 * rule: the 30-day figures add at most 30 rows instead of filtering the wallet's deals.
 */
export const traderDailyStats = pgTable(
  'trader_daily_stats',
  {
    wallet: text('wallet').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    finished: integer('finished').notNull().default(0),
    completed: integer('completed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.wallet, t.day] })],
);
