import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@jelly/domain';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * One row per OFFER (parent_order_id null) and per DEAL (a claim: parent_order_id = the offer).
 * The on-chain UniversalOrder's order_id is the offer's id; each deal is a FillTicket whose ticket_id is the
 * deal's own order_id. Token amounts are base units (numeric(39,0) holds any u128); fiat limits have 2 decimals.
 *
 * Offer: amount = still available, filled_quantity = completed fills, total_amount = the original total.
 * Deal: amount = the deal's amount; creator_wallet is copied from the offer (creator/acceptor mean the same
 * in both rows), acceptor_wallet = the claimer, and every display field is copied so a deal reads alone.
 */
export const orders = pgTable(
  'orders',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    parentOrderId: bigint('parent_order_id', { mode: 'number' }),
    creatorWallet: text('creator_wallet').notNull(),
    acceptorWallet: text('acceptor_wallet'),
    tokenMint: text('token_mint').notNull(),
    tokenName: text('token_name').notNull(),
    tokenDecimal: smallint('token_decimal').notNull(),
    /** 1 Buy, 0 Sell. */
    offerSide: smallint('offer_side').notNull(),
    /** 0–8, see @jelly/domain OrderStatus. */
    status: smallint('status').$type<OrderStatus>().notNull(),
    /** Fiat per whole token. For floating offers: refreshed from the price feed. */
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    priceType: text('price_type').notNull().default('fixed'),
    premiumPercent: numeric('premium_percent', { precision: 12, scale: 6 }),
    amount: numeric('amount', { precision: 39, scale: 0 }).notNull(),
    filledQuantity: numeric('filled_quantity', { precision: 39, scale: 0 }).notNull().default('0'),
    totalAmount: numeric('total_amount', { precision: 39, scale: 0 }).notNull(),
    /** amount in whole tokens, kept by PostgreSQL: the market's Amount sort compares tokens of any decimals. */
    amountTokens: numeric('amount_tokens').generatedAlwaysAs(
      (): SQL => sql`amount / power(10::numeric, token_decimal)`,
    ),
    minFiatAmount: numeric('min_fiat_amount', { precision: 20, scale: 2 }).notNull().default('0'),
    maxFiatAmount: numeric('max_fiat_amount', { precision: 20, scale: 2 }).notNull().default('0'),
    fiatCode: text('fiat_code').notNull(),
    /** Deals: amount × price × 100 rounded half-up (the escrow's fiat_amount). */
    fiatAmountCents: numeric('fiat_amount_cents', { precision: 39, scale: 0 }),
    paymentMethodIds: text('payment_method_ids').array().notNull().default(sql`'{}'::text[]`),
    visibleInCountries: text('visible_in_countries').array().notNull().default(sql`'{}'::text[]`),
    autoReply: text('auto_reply').notNull().default(''),
    orderDescription: text('order_description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    minAccountAgeDays: integer('min_account_age_days').notNull().default(0),
    paymentWindowMinutes: integer('payment_window_minutes').notNull(),
    dealStartTime: timestamptz('deal_start_time'),
    paymentDeadline: timestamptz('payment_deadline'),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull().default(1),
    lockedAt: timestamptz('locked_at'),
    lockSignature: text('lock_signature'),
    /**
     * A deal that ended without completing (Cancelled, Expired, Admin Resolved): the party whose move it was — who
     * cancelled, who let the payment window run out on their turn, the side an admin ruled against. Only that party's
     * completion rate counts it. Null on a deal that ended before this was recorded: it counts against both.
     */
    atFaultWallet: text('at_fault_wallet'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => {
    // The market shows active offers with something left; every market index is partial on exactly this.
    const market = sql`${t.status} = 0 AND ${t.parentOrderId} IS NULL AND ${t.amount} > 0`;
    return [
      foreignKey({ name: 'orders_parent_fk', columns: [t.parentOrderId], foreignColumns: [t.orderId] }),
      check('orders_status_range', sql`${t.status} BETWEEN 0 AND 8`),
      check('orders_side_range', sql`${t.offerSide} IN (0, 1)`),
      check('orders_price_type', sql`${t.priceType} IN ('fixed', 'floating')`),
      check('orders_amount_non_negative', sql`${t.amount} >= 0 AND ${t.filledQuantity} >= 0`),
      // Market: side (+ fiat) equality, then the sort key, order id as the tie-break (keyset-stable paging).
      // The capped totals use orders_market_count_idx (side, fiat) INCLUDE (price, payment_method_ids), created by
      // the hand-written migration 'market-count-index' (Drizzle's index builder has no INCLUDE).
      index('orders_market_side_fiat_created_idx').on(t.offerSide, t.fiatCode, t.createdAt, t.orderId).where(market),
      index('orders_market_side_fiat_price_idx').on(t.offerSide, t.fiatCode, t.price, t.orderId).where(market),
      index('orders_market_side_fiat_amount_idx').on(t.offerSide, t.fiatCode, t.amountTokens, t.orderId).where(market),
      index('orders_market_side_created_idx').on(t.offerSide, t.createdAt, t.orderId).where(market),
      index('orders_market_side_price_idx').on(t.offerSide, t.price, t.orderId).where(market),
      index('orders_market_side_amount_idx').on(t.offerSide, t.amountTokens, t.orderId).where(market),
      index('orders_market_payment_methods_idx').using('gin', t.paymentMethodIds).where(market),
      // Deals of an offer; a wallet's orders (dashboard); deals whose payment window runs out.
      index('orders_parent_idx').on(t.parentOrderId, t.status).where(sql`${t.parentOrderId} IS NOT NULL`),
      index('orders_creator_created_idx').on(t.creatorWallet, t.createdAt, t.orderId),
      index('orders_acceptor_created_idx')
        .on(t.acceptorWallet, t.createdAt, t.orderId)
        .where(sql`${t.acceptorWallet} IS NOT NULL`),
      // The dashboard's status tabs and status filter, per role, in list order.
      index('orders_creator_status_created_idx').on(t.creatorWallet, t.status, t.createdAt, t.orderId),
      index('orders_acceptor_status_created_idx')
        .on(t.acceptorWallet, t.status, t.createdAt, t.orderId)
        .where(sql`${t.acceptorWallet} IS NOT NULL`),
      // A wallet's own offers (ad history, active-offer count) without walking the deals that copy its creator_wallet.
      index('orders_creator_offers_idx')
        .on(t.creatorWallet, t.status, t.createdAt, t.orderId)
        .where(sql`${t.parentOrderId} IS NULL`),
      index('orders_deal_deadline_idx')
        .on(t.paymentDeadline)
        .where(sql`${t.parentOrderId} IS NOT NULL AND ${t.status} IN (1, 8)`),
      index('orders_floating_offers_idx')
        .on(t.tokenMint, t.fiatCode)
        .where(sql`${t.priceType} = 'floating' AND ${t.status} = 0 AND ${t.parentOrderId} IS NULL`),
    ];
  },
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
