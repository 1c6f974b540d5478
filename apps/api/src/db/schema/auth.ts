import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/** One row per wallet that ever signed in; created_at is the account creation date. */
export const users = pgTable('users', {
  wallet: text('wallet').primaryKey(),
  createdAt: timestamptz('created_at').notNull(),
  lastSignInAt: timestamptz('last_sign_in_at').notNull(),
});

/** Single-use sign-in nonces, bound to the wallet they were issued for. */
export const authNonces = pgTable(
  'auth_nonces',
  {
    nonce: text('nonce').primaryKey(),
    wallet: text('wallet').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('auth_nonces_expires_at_idx').on(table.expiresAt)],
);

/**
 * Refresh tokens, stored as sha256 of the opaque token. Every rotation adds a row to the same family;
 * presenting a rotated (used) token again revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id').notNull(),
    wallet: text('wallet')
      .notNull()
      .references(() => users.wallet),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [index('refresh_tokens_family_id_idx').on(table.familyId)],
);

/** Wallet bans; a ban is active while `until` is in the future and it was not lifted. Wallets need not have signed in before. */
export const bans = pgTable(
  'bans',
  {
    id: uuid('id').primaryKey(),
    wallet: text('wallet').notNull(),
    reason: text('reason').notNull(),
    until: timestamptz('until').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** Set when an admin lifts the ban before `until`; a lifted ban no longer holds. */
    liftedAt: timestamptz('lifted_at'),
    liftedBy: text('lifted_by'),
  },
  (table) => [index('bans_wallet_until_idx').on(table.wallet, table.until)],
);
