import type { OrderStatus } from '@jelly/domain';
import { type SQL, sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
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
