import { SWAP_STATUSES, type SwapStatus } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, numeric, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Every firm quote the desk gave (POST /swap/quote): what the server will co-sign for it, and until when. The
 * transaction is kept as the exact message the user was given; the co-signer compares the signed one against it.
 */
export const swapQuotes = pgTable(
  'swap_quotes',
  {
    id: uuid('id').primaryKey(),
    wallet: text('wallet').notNull(),
    inputMint: text('input_mint').notNull(),
    outputMint: text('output_mint').notNull(),
    inSymbol: text('in_symbol').notNull(),
    outSymbol: text('out_symbol').notNull(),
    inDecimals: smallint('in_decimals').notNull(),
    outDecimals: smallint('out_decimals').notNull(),
    inAmount: numeric('in_amount', { precision: 39, scale: 0 }).notNull(),
    outAmount: numeric('out_amount', { precision: 39, scale: 0 }).notNull(),
    /** What the user would receive at the feed's mid price: the reference of the price band at submit. */
    midOutAmount: numeric('mid_out_amount', { precision: 39, scale: 0 }).notNull(),
    feeBps: integer('fee_bps').notNull(),
    source: text('source').notNull(),
    publishTime: timestamptz('publish_time').notNull(),
    /** The unsigned message the user was given (base64). */
    message: text('message').notNull(),
    recentBlockhash: text('recent_blockhash').notNull(),
    lastValidBlockHeight: bigint('last_valid_block_height', { mode: 'number' }).notNull(),
    expireAt: timestamptz('expire_at').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('swap_quotes_created_idx').on(t.createdAt)],
);

/**
 * A swap the user submitted: written at submit (Processing, txID = the transaction's signature) and moved to
 * Completed or Failed only by the moves of the swap state table (@jelly/domain swap-lifecycle.ts): what the chain
 * shows, or an admin's checked edit. One row per quote: the unique quote_id is what makes a quote co-signed at most
 * once.
 */
export const swaps = pgTable(
  'swaps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => swapQuotes.id),
    txId: text('tx_id'),
    status: smallint('status').notNull().$type<SwapStatus>(),
    wallet: text('wallet').notNull(),
    inputMint: text('input_mint').notNull(),
    outputMint: text('output_mint').notNull(),
    inSymbol: text('in_symbol').notNull(),
    outSymbol: text('out_symbol').notNull(),
    inDecimals: smallint('in_decimals').notNull(),
    outDecimals: smallint('out_decimals').notNull(),
    inAmount: numeric('in_amount', { precision: 39, scale: 0 }).notNull(),
    outAmount: numeric('out_amount', { precision: 39, scale: 0 }).notNull(),
    /** The fully signed transaction (base64), kept while Processing so it can be re-broadcast. */
    rawTransaction: text('raw_transaction'),
    recentBlockhash: text('recent_blockhash').notNull(),
    failureReason: text('failure_reason'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check('swaps_status', sql`${t.status} IN (${sql.raw(SWAP_STATUSES.join(', '))})`),
    uniqueIndex('swaps_quote_unique').on(t.quoteId),
    // two quotes with the same terms could carry the same bytes: one transaction is one swap record
    uniqueIndex('swaps_tx_unique').on(t.txId),
    index('swaps_wallet_created_idx').on(t.wallet, t.createdAt),
    index('swaps_created_idx').on(t.createdAt),
  ],
);
