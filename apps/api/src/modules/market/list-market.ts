import { MARKET_COUNT_CAP, type MarketFilters, type MarketOffer, type MarketResponse } from '@jelly/contracts';
import { OfferSide, SortField, compareDecimal } from '@jelly/domain';
import { and, asc, desc, eq, gte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { orders, traderStats } from '../../db/schema/index.ts';
import { toOrder, type OrderRow } from '../orders/order-view.ts';
import { queryRows } from '../orders/sql-rows.ts';
import { completionRate } from '../orders/trading-stats.ts';
import { marketPage, type MarketPage } from './market-page.ts';

/** Who is looking: the signed-in variant hides the caller's own offers and offers closed to the caller's country. */
export interface MarketViewer {
  wallet: string;
  /** ISO 3166 alpha-2 when a trusted proxy told us, else null (region rules then cannot apply). */
  country: string | null;
}

const SORT_COLUMNS = {
  [SortField.CreatedAt]: orders.createdAt,
  [SortField.Price]: orders.price,
  [SortField.Amount]: orders.amountTokens,
} as const;

/**
 * The filters, written so that PostgreSQL uses the partial market indexes: the index predicate
 * (status = 0 AND parent_order_id IS NULL AND amount > 0) verbatim, then side (+ fiat) equality, and the
 * rest as filters checked while walking the index in sort order.
 */
export function marketWhere(filters: MarketFilters, side: OfferSide | null, viewer: MarketViewer | null): SQL | undefined {
  const where: (SQL | undefined)[] = [
    sql`${orders.status} = 0 AND ${orders.parentOrderId} IS NULL AND ${orders.amount} > 0`,
    side === null ? undefined : eq(orders.offerSide, side),
  ];
  if (filters.Fiat) where.push(eq(orders.fiatCode, filters.Fiat));
  if (filters.PriceFrom) where.push(gte(orders.price, filters.PriceFrom));
  if (filters.PaymentMethod?.length) {
    where.push(sql`${orders.paymentMethodIds} && ${`{${filters.PaymentMethod.map((m) => `"${m.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`);
  }
  if (filters.TokenMint) where.push(eq(orders.tokenMint, filters.TokenMint));
  if (viewer) {
    where.push(ne(orders.creatorWallet, viewer.wallet));
    if (viewer.country) {
      where.push(or(sql`cardinality(${orders.visibleInCountries}) = 0`, sql`${viewer.country} = ANY(${orders.visibleInCountries})`));
    }
  }
  return and(...where);
}

type Row = { order: OrderRow; trades: number | null; completed: number | null };

/** The page query of one side (exported for the EXPLAIN test). */
export function marketPageQuery(db: Database, where: SQL | undefined, p: MarketPage, limit: number, offset: number) {
  const column = SORT_COLUMNS[p.sortBy];
  const direction = p.descending ? desc : asc;
  return db
    .select({ order: orders, trades: traderStats.trades, completed: traderStats.completed })
    .from(orders)
    .leftJoin(traderStats, eq(traderStats.wallet, orders.creatorWallet))
    .where(where)
    .orderBy(direction(column), direction(orders.orderId))
    .limit(limit)
    .offset(offset);
}

async function pageOfSide(db: Database, where: SQL | undefined, p: MarketPage, limit: number, offset: number): Promise<Row[]> {
  return marketPageQuery(db, where, p, limit, offset);
}

function compareRows(p: MarketPage): (a: Row, b: Row) => number {
  const key = (r: Row): string | number =>
    p.sortBy === SortField.CreatedAt ? r.order.createdAt.getTime() : p.sortBy === SortField.Price ? r.order.price : (r.order.amountTokens ?? '0');
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c = typeof ka === 'number' && typeof kb === 'number' ? Math.sign(ka - kb) : compareDecimal(String(ka), String(kb));
    const byKey = c !== 0 ? c : Math.sign(a.order.orderId - b.order.orderId);
    return p.descending ? -byKey : byKey;
  };
}

/** Counts matches up to the cap + 1 (a LIMIT inside, so a million matches cost no more than a thousand). */
async function cappedCount(db: Database, where: SQL | undefined): Promise<{ total: number; capped: boolean }> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${orders} WHERE ${where} LIMIT ${MARKET_COUNT_CAP + 1}) AS matches`,
  );
  const n = row?.n ?? 0;
  return n > MARKET_COUNT_CAP ? { total: MARKET_COUNT_CAP, capped: true } : { total: n, capped: false };
}

/**
 * One page of the market. With a Side (the web always sends one) it is a single index-ordered query; without,
 * each side's first offset+size rows are read the same way and merged.
 */
export async function listMarket(db: Database, filters: MarketFilters, viewer: MarketViewer | null): Promise<MarketResponse> {
  const p = marketPage(filters);
  const side = filters.Side ?? null;
  let rows: Row[];
  if (side !== null) {
    rows = await pageOfSide(db, marketWhere(filters, side, viewer), p, p.size, p.offset);
  } else {
    const [sell, buy] = await Promise.all([
      pageOfSide(db, marketWhere(filters, OfferSide.Sell, viewer), p, p.offset + p.size, 0),
      pageOfSide(db, marketWhere(filters, OfferSide.Buy, viewer), p, p.offset + p.size, 0),
    ]);
    rows = [...sell, ...buy].sort(compareRows(p)).slice(p.offset, p.offset + p.size);
  }
  const count = await cappedCount(db, marketWhere(filters, side, viewer));
  const data: MarketOffer[] = rows.map((r) => ({
    ...toOrder(r.order),
    creatorStats: {
      trades: r.trades ?? 0,
      completedTrades: r.completed ?? 0,
      completionRate: completionRate(r.completed ?? 0, r.trades ?? 0),
    },
  }));
  return { data, total: count.total, totalCount: count.total, totalIsCapped: count.capped, page: p.page, size: p.size };
}
