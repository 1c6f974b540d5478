import { bigint, boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

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
