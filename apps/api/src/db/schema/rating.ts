import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { orders } from './orders-deals.ts';

/** Reviews: one per party of a Completed deal, about the other party (score 1–5). */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey(),
    dealId: bigint('deal_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId),
    fromWallet: text('from_wallet').notNull(),
    toWallet: text('to_wallet').notNull(),
    score: smallint('score').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    check('reviews_score_range', sql`${t.score} BETWEEN 1 AND 5`),
    uniqueIndex('reviews_deal_from_idx').on(t.dealId, t.fromWallet),
    index('reviews_to_wallet_idx').on(t.toWallet, t.createdAt, t.id),
  ],
);

/** User reports (the Report user modal: score 0, dealId null), for the admins only: never shown as reviews. */
export const userReports = pgTable(
  'user_reports',
  {
    id: uuid('id').primaryKey(),
    fromWallet: text('from_wallet').notNull(),
    toWallet: text('to_wallet').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('user_reports_to_wallet_idx').on(t.toWallet, t.createdAt),
    // A reporter's latest report of a wallet (one per 24 hours).
    index('user_reports_from_to_idx').on(t.fromWallet, t.toWallet, t.createdAt),
    // A reporter's reports of the day (the daily cap).
    index('user_reports_from_created_idx').on(t.fromWallet, t.createdAt),
  ],
);

/** Per-user block list (POST /user-bans/ban): a block works both ways for claiming offers. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerWallet: text('blocker_wallet').notNull(),
    blockedWallet: text('blocked_wallet').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerWallet, t.blockedWallet] }),
    index('user_blocks_blocked_idx').on(t.blockedWallet, t.blockerWallet),
    // A wallet's blocks of the day (the daily cap before user_block_days; kept until a later release drops it).
    index('user_blocks_blocker_created_idx').on(t.blockerWallet, t.createdAt),
  ],
);

/**
 * Blocks a wallet MADE per UTC day (the daily cap, BLOCK_MAX_PER_DAY): one counter row per wallet and day, never
 * decreased, so an unblock does not give the day's slot back. Written only by the rating module's block use-case.
 */
export const userBlockDays = pgTable(
  'user_block_days',
  {
    wallet: text('wallet').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    blocks: integer('blocks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.wallet, t.day] })],
);
