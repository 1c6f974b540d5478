import type { JellyActor, JellyChain, JellyCoinCode, JellyPendingChoice } from '@jelly/contracts';
import type { JellyStageName } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, numeric, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Coin Jelly orders. The order's id is also its deposit-key index: the deposit address is derived from the server's
 * seed and this id (kept here only to find the order by address); no private key is stored. Amounts are base units
 * of their coin (numeric(40,0) holds 18-decimal coins); `rate` is receive coins per send coin.
 */
export const jellyOrders = pgTable(
  'jelly_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userWallet: text('user_wallet').notNull(),
    sendCoin: text('send_coin').$type<JellyCoinCode>().notNull(),
    sendChain: text('send_chain').$type<JellyChain>().notNull(),
    receiveCoin: text('receive_coin').$type<JellyCoinCode>().notNull(),
    receiveChain: text('receive_chain').$type<JellyChain>().notNull(),
    depositAddress: text('deposit_address').notNull(),
    /** The SPL token account the platform opened for the deposit (null for native coins). */
    depositTokenAccount: text('deposit_token_account'),
    recipientAddress: text('recipient_address').notNull(),
    refundAddress: text('refund_address').notNull(),
    amountSend: numeric('amount_send', { precision: 40, scale: 0 }).notNull(),
    amountReceive: numeric('amount_receive', { precision: 40, scale: 0 }).notNull(),
    rate: numeric('rate', { precision: 38, scale: 18 }).notNull(),
    received: numeric('received', { precision: 40, scale: 0 }).notNull().default('0'),
    stage: text('stage').$type<JellyStageName>().notNull(),
    reason: text('reason'),
    payoutTx: text('payout_tx'),
    /** What the user is asked after an under-, over- or late payment (see the contract's pendingChoice). */
    pendingChoice: jsonb('pending_choice').$type<JellyPendingChoice>(),
    /** When the user pressed 'I have sent the funds' (create-jelly), and the request's fingerprint. */
    userConfirmedAt: timestamptz('user_confirmed_at'),
    createRequestHash: text('create_request_hash'),
    /** Since when the order waits on an admin (the queue's SLA clock). */
    adminSince: timestamptz('admin_since'),
    /**
     * Since when the stage's send (the payout at deposit_detected, the refund at refunding) waits for its recipient to
     * open a token account for the coin; null when it does not wait.
     */
    waitingSince: timestamptz('waiting_since'),
    expireAt: timestamptz('expire_at').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('jelly_orders_deposit_address_idx').on(t.depositAddress),
    index('jelly_orders_user_idx').on(t.userWallet, t.createdAt),
    index('jelly_orders_created_idx').on(t.createdAt),
    index('jelly_orders_stage_idx').on(t.stage),
  ],
);

/** The timeline: one row per transition or chain fact, shown to the user and to admins. */
export const jellyEvents = pgTable(
  'jelly_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => jellyOrders.id),
    stage: text('stage').$type<JellyStageName>().notNull(),
    kind: text('kind').notNull(),
    actor: text('actor').$type<JellyActor>().notNull(),
    signature: text('signature'),
    slot: bigint('slot', { mode: 'number' }),
    amount: numeric('amount', { precision: 40, scale: 0 }),
    coin: text('coin').$type<JellyCoinCode>(),
    note: text('note'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('jelly_events_order_idx').on(t.orderId, t.id)],
);

/**
 * Deposits credited to an order, one per transaction signature: the watcher and the poller may both see a
 * transaction, and only the first insert credits it.
 */
export const jellyDeposits = pgTable(
  'jelly_deposits',
  {
    signature: text('signature').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => jellyOrders.id),
    amount: numeric('amount', { precision: 40, scale: 0 }).notNull(),
    slot: bigint('slot', { mode: 'number' }),
    /** false: it landed where no open step could take it (kept for an admin; see the queue). */
    attributed: boolean('attributed').notNull(),
    resolved: boolean('resolved').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'jelly_deposits_pk', columns: [t.signature, t.orderId] }),
    index('jelly_deposits_unattributed_idx').on(t.createdAt).where(sql`NOT ${t.attributed} AND NOT ${t.resolved}`),
  ],
);

/**
 * Which seed this database's deposit addresses come from: one row, written by the first server that starts on the
 * database, holding the seed's fingerprint (the Solana deposit address of index 0, which no order uses: an address
 * tells nothing about the seed). A server with another seed refuses to start (seed-check.ts): replicas with
 * different seeds, or a lost seed file, would derive other addresses than the ones the orders were given.
 */
export const jellySeed = pgTable(
  'jelly_seed',
  {
    id: smallint('id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [check('jelly_seed_one_row', sql`${t.id} = 1`)],
);
