import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * One chain transaction, one record: a transaction id (Solana signature, Bitcoin txid, Ethereum hash) recorded as a
 * Coin Jelly order's credited deposit or payout, or as a swap's transaction, holds one row here, so one transaction
 * never settles two records. PostgreSQL has no unique index across tables; this table is one. It is kept by triggers
 * on those columns (migration 0020), never by a module: a second record naming a held transaction fails its own
 * INSERT or UPDATE with a unique violation on chain_tx_claims_pkey whose detail names the holder (db/tx-claims.ts).
 * A claim is never released: a transaction once recorded for a record stays with it.
 */
export const chainTxClaims = pgTable('chain_tx_claims', {
  /** The id as recorded; hexadecimal ids (Bitcoin, Ethereum) lower-cased, since their case carries no meaning. */
  txKey: text('tx_key').primaryKey(),
  /** `jelly_deposit:<order id>`, `jelly_payout:<order id>` or `swap:<swap id>`. */
  holder: text('holder').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
