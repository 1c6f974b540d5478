import { boolean, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/** Tokens tradable on the platform (coin catalogue); seeded with SOL, USDC and USDT, admins add more. */
export const tokens = pgTable('tokens', {
  mint: text('mint').primaryKey(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
  decimals: smallint('decimals').notNull(),
  isVerified: boolean('is_verified').notNull(),
  mintDevnet: text('mint_devnet'),
  icon: text('icon').notNull(),
  /** Display order; lower first. */
  position: integer('position').notNull(),
  /** A disabled token leaves /platform/coins and takes no new offers; running deals in it go on. */
  disabled: boolean('disabled').notNull().default(false),
  createdAt: timestamptz('created_at').notNull(),
});
