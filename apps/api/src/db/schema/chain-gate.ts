import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Every transaction a platform key signed, written by the platform gate (chain/gate) in the same database
 * transaction as its charge, before a byte is sent: the signature, the signed bytes and the last block height at
 * which its blockhash can still land. A send stays `pending` until its owner records the outcome (the live process,
 * or after a crash the recovery job of any replica): `landed` or `failed` on chain, or `expired` (the chain passed
 * the last valid height without it; the owner then signs afresh). Only the gate writes this table.
 */
export const platformSends = pgTable(
  'platform_sends',
  {
    signature: text('signature').primaryKey(),
    /** What the ledger calls it (jelly_payout, jelly_refund, jelly_sweep, admin_resolve, close_ticket, lock, …). */
    kind: text('kind').notNull(),
    /** The owner's record it belongs to (a Coin Jelly order id, a deal id), or null. */
    ownerRef: text('owner_ref'),
    /** The signed transaction, base64: the recovery job sends these same bytes again while they can still land. */
    raw: text('raw').notNull(),
    blockhash: text('blockhash').notNull(),
    lastValidBlockHeight: bigint('last_valid_block_height', { mode: 'bigint' }).notNull(),
    /** pending | landed | failed | expired | dropped (refused on the way out; its owner gave it up) */
    state: text('state').notNull().default('pending'),
    /** A replica's recovery run holds the row until then (claimed with SKIP LOCKED; a dead replica's hold lapses). */
    heldUntil: timestamptz('held_until'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    index('platform_sends_pending_idx').on(t.createdAt).where(sql`${t.state} = 'pending'`),
    // the gate's one-live-send rule looks a work's sends up by kind and owner
    index('platform_sends_owner_idx').on(t.kind, t.ownerRef),
  ],
);

/**
 * What the admin (the fee payer) paid for each transaction it signed, read from the transaction's meta once it is
 * on chain: the fee (base + priority) and the rent (the rest of the fee payer's balance change; negative when a
 * close gave rent back). `wallet` and `ip` are who caused it (null for the server's own jobs when nobody did).
 * A transaction that failed on chain still cost its fee: `failed` rows count like the others.
 */
export const adminSpend = pgTable(
  'admin_spend',
  {
    signature: text('signature').primaryKey(),
    wallet: text('wallet'),
    ip: text('ip'),
    /** lock | sign | cancel | admin_resolve | close | … */
    kind: text('kind').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    feeLamports: bigint('fee_lamports', { mode: 'bigint' }).notNull(),
    priorityFeeLamports: bigint('priority_fee_lamports', { mode: 'bigint' }).notNull(),
    rentLamports: bigint('rent_lamports', { mode: 'bigint' }).notNull(),
    failed: boolean('failed').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('admin_spend_created_idx').on(t.createdAt),
    index('admin_spend_wallet_idx').on(t.wallet, t.createdAt),
    index('admin_spend_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Budget windows in which the platform-wide budget was crossed: the operators are alerted once per window. */
export const adminSpendAlerts = pgTable(
  'admin_spend_alerts',
  {
    windowStart: timestamptz('window_start').notNull(),
    budget: text('budget').notNull(),
  },
  (t) => [primaryKey({ name: 'admin_spend_alerts_pk', columns: [t.windowStart, t.budget] })],
);
