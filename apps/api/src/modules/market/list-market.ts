import { MARKET_COUNT_CAP, marketOffer, type MarketFilters } from '@jelly/contracts';
import { z } from 'zod';
import { OfferSide, SortField, compareDecimal } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { marketPage, type MarketPage } from './market-page.ts';
import { toMarketOffer, type MarketRow } from './market-row.ts';
import { cappedCountSql, marketPageSql, marketWhere, viewerScope, type MarketScope, type MarketViewer } from './market-sql.ts';
import { preparedRows } from './prepared-rows.ts';
import type { SwrCache } from './swr-cache.ts';

export type { MarketViewer } from './market-sql.ts';

export interface MarketCaches {
  /** Capped totals per filter combination (and a viewer's own matching offers). */
  totals: SwrCache<number>;
  /** Pages everyone with the same country sees (no own offers to leave out), as checked JSON. */
  pages: SwrCache<SharedPage>;
  /** Whether a wallet has active offers, i.e. whether its page differs from the shared one. */
  hasOffers: SwrCache<boolean>;
}

/** A page's rows, and the same rows checked against the contract and serialised once (what the cache keeps). */
interface SharedPage {
  rows: MarketRow[];
  json: string;
}

const marketOffers = z.array(marketOffer);

function toPage(rows: MarketRow[]): SharedPage {
  return { rows, json: JSON.stringify(marketOffers.parse(rows.map(toMarketOffer))) };
}

/** A market answer whose `data` is already JSON, so a cached page is neither re-validated nor re-serialised. */
export interface MarketResult {
  dataJson: string;
  total: number;
  totalIsCapped: boolean;
  page: number;
  size: number;
}

/** The response body (the marketResponse contract) around the prepared data. */
export function marketResponseJson(r: MarketResult): string {
  return `{"data":${r.dataJson},"total":${r.total},"totalCount":${r.total},"totalIsCapped":${r.totalIsCapped},"page":${r.page},"size":${r.size}}`;
}

function compareRows(p: MarketPage): (a: MarketRow, b: MarketRow) => number {
  return (a, b) => {
    let c: number;
    if (p.sortBy === SortField.CreatedAt) c = Math.sign(a.created_ms - b.created_ms);
    else if (p.sortBy === SortField.Price) c = compareDecimal(a.price, b.price);
    else c = compareDecimal(a.amount_tokens, b.amount_tokens);
    if (c === 0) c = compareDecimal(a.order_id, b.order_id);
    return p.descending ? -c : c;
  };
}

async function countOf(db: Database, filters: MarketFilters, side: OfferSide | null, scope: MarketScope | null) {
  const [row] = await preparedRows<{ n: number }>(db, cappedCountSql(marketWhere(filters, side, scope), MARKET_COUNT_CAP));
  return row?.n ?? 0;
}

/**
 * One page in index order. With a Side (the web always sends one) it is a single query; without, each side's
 * first offset+size rows are read the same way and merged.
 */
async function pageRows(db: Database, filters: MarketFilters, p: MarketPage, scope: MarketScope | null): Promise<MarketRow[]> {
  const pageOf = (s: OfferSide, limit: number, offset: number) =>
    preparedRows<MarketRow>(db, marketPageSql(marketWhere(filters, s, scope), p, limit, offset));
  if (filters.Side !== undefined) return pageOf(filters.Side, p.size, p.offset);
  const [sell, buy] = await Promise.all([pageOf(OfferSide.Sell, p.offset + p.size, 0), pageOf(OfferSide.Buy, p.offset + p.size, 0)]);
  return [...sell, ...buy].sort(compareRows(p)).slice(p.offset, p.offset + p.size);
}

async function hasActiveOffers(db: Database, wallet: string): Promise<boolean> {
  const rows = await preparedRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM orders o WHERE o.creator_wallet = ${wallet} AND o.status = 0
          AND o.parent_order_id IS NULL AND o.amount > 0) AS found`,
  );
  return rows[0]?.found === true;
}

/** Whether a wallet blocked anyone or was blocked by anyone (read fresh: a new block must hide offers at once). */
async function hasBlocks(db: Database, wallet: string): Promise<boolean> {
  const rows = await preparedRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM user_blocks WHERE blocker_wallet = ${wallet})
          OR EXISTS (SELECT 1 FROM user_blocks WHERE blocked_wallet = ${wallet}) AS found`,
  );
  return rows[0]?.found === true;
}

/**
 * One page of the market and its total, for a viewer (signed in) or anyone (signed out) in `country` (null when
 * unknown: region-limited offers are then left out).
 * - Page: shared between everyone who sees the same offers (signed out, or signed in without active offers of
 *   their own, same country), served from the page cache; a viewer with offers of their own gets a fresh page
 *   without them.
 * - Total: the capped count of everyone's matching offers (cached per filters and country) minus the viewer's own
 *   matching offers (cached per wallet).
 */
export async function listMarket(
  db: Database,
  caches: MarketCaches,
  filters: MarketFilters,
  viewer: MarketViewer | null,
  country: string | null = viewer?.country ?? null,
): Promise<MarketResult> {
  const p = marketPage(filters);
  const side = filters.Side ?? null;
  const filterKey = JSON.stringify([side, filters.Fiat, filters.PriceFrom, filters.PaymentMethod, filters.TokenMint, country]);
  const [ownOffers, blocks] = viewer
    ? await Promise.all([caches.hasOffers.get(viewer.wallet, () => hasActiveOffers(db, viewer.wallet)), hasBlocks(db, viewer.wallet)])
    : [false, false];
  // A viewer with blocks sees neither the offers of wallets they blocked nor of those who blocked them: their page
  // and total are their own, counted fresh (capped, so bounded).
  if (viewer && blocks) {
    const scope: MarketScope = { country, excludeWallet: viewer.wallet, notBlockedWith: viewer.wallet };
    const [page, n] = await Promise.all([pageRows(db, filters, p, scope).then(toPage), countOf(db, filters, side, scope)]);
    const capped = n > MARKET_COUNT_CAP;
    return { dataJson: page.json, total: capped ? MARKET_COUNT_CAP : n, totalIsCapped: capped, page: p.page, size: p.size };
  }

  const personalPage = () => pageRows(db, filters, p, viewerScope(viewer)).then(toPage);
  const sharedPage = async () => {
    const shared = await caches.pages.get(`${filterKey}|${p.sortBy}|${p.descending}|${p.page}|${p.size}`, () =>
      pageRows(db, filters, p, { country }).then(toPage),
    );
    // The "has offers" answer may be a few seconds old: never show viewers their own offer.
    return viewer && shared.rows.some((r) => r.creator_wallet === viewer.wallet) ? personalPage() : shared;
  };
  const [page, everyone, own] = await Promise.all([
    ownOffers ? personalPage() : sharedPage(),
    caches.totals.get(filterKey, () => countOf(db, filters, side, { country })),
    viewer && ownOffers
      ? caches.totals.get(`${filterKey}|${viewer.wallet}`, () => countOf(db, filters, side, { country, onlyWallet: viewer.wallet }))
      : 0,
  ]);
  const n = Math.max(0, everyone - own);
  const capped = n > MARKET_COUNT_CAP;
  return { dataJson: page.json, total: capped ? MARKET_COUNT_CAP : n, totalIsCapped: capped, page: p.page, size: p.size };
}
