import type { MarketFilters } from '@jelly/contracts';
import { SortField, type OfferSide } from '@jelly/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { MarketPage } from './market-page.ts';

/** Who is looking: the signed-in variant hides the caller's own offers; offers closed to the caller's country are hidden to all. */
export interface MarketViewer {
  wallet: string;
  /** ISO 3166 alpha-2 (trusted proxy header or bundled GeoIP), else null: region-limited offers are then hidden. */
  country: string | null;
}

const SORT_COLUMN: Record<SortField, SQL> = {
  [SortField.CreatedAt]: sql.raw('o.created_at'),
  [SortField.Price]: sql.raw('o.price'),
  [SortField.Amount]: sql.raw('o.amount_tokens'),
};

/** A text[] literal for the && operator; ids come from the contract (≤ 64 chars) and are quoted. */
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;

/** Whose offers: everyone's (country rule only), everyone's but one wallet's, or one wallet's. */
export interface MarketScope {
  country: string | null;
  excludeWallet?: string;
  onlyWallet?: string;
  /** Leave out the offers of wallets this one blocked or was blocked by (they cannot trade with each other). */
  notBlockedWith?: string;
}

/** The scope of a viewer's page: not their own offers, and only offers open to their country. */
export const viewerScope = (viewer: MarketViewer | null): MarketScope | null =>
  viewer && { country: viewer.country, excludeWallet: viewer.wallet };

/**
 * The filters, written so that PostgreSQL uses the partial market indexes: the index predicate
 * (status = 0 AND parent_order_id IS NULL AND amount > 0) as literals (so generic plans still match it), then side
 * (+ fiat) equality, and the rest as filters checked while walking the index in sort order.
 */
export function marketWhere(filters: MarketFilters, side: OfferSide | null, scope: MarketScope | null): SQL {
  const parts: SQL[] = [sql`o.status = 0 AND o.parent_order_id IS NULL AND o.amount > 0`];
  if (side !== null) parts.push(sql`o.offer_side = ${side}`);
  if (filters.Fiat) parts.push(sql`o.fiat_code = ${filters.Fiat}`);
  if (filters.PriceFrom) parts.push(sql`o.price >= ${filters.PriceFrom}::numeric`);
  if (filters.PaymentMethod?.length) parts.push(sql`o.payment_method_ids && ${textArray(filters.PaymentMethod)}::text[]`);
  if (filters.TokenMint) parts.push(sql`o.token_mint = ${filters.TokenMint}`);
  // Always one parameter (the prepared statement stays the same): an unknown country ('') matches no region, so
  // region-limited offers fail closed.
  parts.push(sql`(o.visible_in_countries = '{}'::text[] OR ${scope?.country ?? ''}::text = ANY(o.visible_in_countries))`);
  if (scope?.excludeWallet) parts.push(sql`o.creator_wallet <> ${scope.excludeWallet}`);
  if (scope?.onlyWallet) parts.push(sql`o.creator_wallet = ${scope.onlyWallet}`);
  if (scope?.notBlockedWith) {
    parts.push(sql`NOT EXISTS (SELECT 1 FROM user_blocks b
      WHERE (b.blocker_wallet = ${scope.notBlockedWith} AND b.blocked_wallet = o.creator_wallet)
         OR (b.blocker_wallet = o.creator_wallet AND b.blocked_wallet = ${scope.notBlockedWith}))`);
  }
  return sql.join(parts, sql` AND `);
}

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * One page in index order (LIMIT/OFFSET inlined: clamped integers, and a generic plan must not guess them), with the advertiser's counters joined (one row per wallet, no aggregation).
 * Numbers that may exceed a JS number and timestamps are read as text, the same on PGlite and node-postgres.
 */
export function marketPageSql(where: SQL, p: MarketPage, limit: number, offset: number): SQL {
  const direction = sql.raw(p.descending ? 'DESC' : 'ASC');
  const key = SORT_COLUMN[p.sortBy];
  return sql`
    SELECT o.order_id::text AS order_id, o.creator_wallet, o.token_mint, o.token_name, o.token_decimal, o.offer_side,
      o.status, o.price::text AS price, o.price_type, o.premium_percent::text AS premium_percent, o.amount::text AS amount,
      o.filled_quantity::text AS filled_quantity, o.total_amount::text AS total_amount,
      o.amount_tokens::text AS amount_tokens, o.min_fiat_amount::text AS min_fiat_amount,
      o.max_fiat_amount::text AS max_fiat_amount, o.fiat_code, o.payment_method_ids, o.visible_in_countries,
      o.auto_reply, o.order_description, o.tags, o.min_account_age_days, o.payment_window_minutes,
      o.ticket_id::text AS ticket_id, ${iso('o.created_at')} AS created_at, ${iso('o.updated_at')} AS updated_at,
      (extract(epoch FROM o.created_at) * 1000)::float8 AS created_ms,
      ts.trades, ts.completed
    FROM orders o
    LEFT JOIN trader_stats ts ON ts.wallet = o.creator_wallet
    WHERE ${where}
    ORDER BY ${key} ${direction}, o.order_id ${direction}
    LIMIT ${sql.raw(String(Math.trunc(limit)))} OFFSET ${sql.raw(String(Math.trunc(offset)))}`;
}

/** Counts matches up to cap + 1 (a LIMIT inside, so a million matches cost no more than cap + 1 rows). */
export function cappedCountSql(where: SQL, cap: number): SQL {
  return sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM orders o WHERE ${where} LIMIT ${sql.raw(String(Math.trunc(cap) + 1))}) AS matches`;
}
