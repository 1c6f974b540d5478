import {
  JELLY_COIN_CODES,
  JELLY_DEFAULT_PAGE_SIZE,
  JELLY_MAX_PAGE_SIZE,
  type JellyCoin,
  type JellyHistoryFilters,
  type JellyListResponse,
  type JellyUserOrdersFilters,
} from '@jelly/contracts';
import { clampPage, clampPageSize, COIN_JELLY_DEFAULT_DIR, jellyStagesOfStatus, type SwapStatus } from '@jelly/domain';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { jellyOrders } from '../../db/schema/index.ts';
import type { Queryable } from '../../db/rows.ts';
import { forbidden } from '../../errors.ts';
import { containsPattern } from '../../lib/list-filters.ts';
import type { AuthUser } from '../auth/index.ts';
import { jellyListItemWire } from './to-wire.ts';

interface ListFilters {
  page?: number | undefined;
  size?: number | undefined;
  sortBy?: 0 | 1 | undefined;
  dir?: 0 | 1 | undefined;
  asset?: string | undefined;
  status?: SwapStatus | undefined;
  dateFrom?: string | undefined;
  /** Exclusive: the client sends the picked end date plus one day. */
  dateTo?: string | undefined;
  searchWallet?: string | undefined;
  wallet: string | null;
}

async function listJelly(db: Queryable, coins: readonly JellyCoin[], f: ListFilters): Promise<JellyListResponse> {
  const page = clampPage(f.page);
  const size = Math.min(JELLY_MAX_PAGE_SIZE, clampPageSize(f.size, JELLY_DEFAULT_PAGE_SIZE));
  const where: SQL[] = [];
  if (f.wallet) where.push(eq(jellyOrders.userWallet, f.wallet));
  if (f.asset) {
    // An asset Coin Jelly does not offer matches no order.
    const coin = JELLY_COIN_CODES.find((c) => c === f.asset);
    where.push(coin ? (or(eq(jellyOrders.sendCoin, coin), eq(jellyOrders.receiveCoin, coin)) as SQL) : sql`false`);
  }
  if (f.status !== undefined) where.push(inArray(jellyOrders.stage, [...jellyStagesOfStatus(f.status)]));
  if (f.dateFrom) where.push(gte(jellyOrders.createdAt, new Date(`${f.dateFrom}T00:00:00Z`)));
  if (f.dateTo) where.push(lt(jellyOrders.createdAt, new Date(`${f.dateTo}T00:00:00Z`)));
  if (f.searchWallet) {
    const pattern = containsPattern(f.searchWallet);
    const columns = [jellyOrders.depositAddress, jellyOrders.recipientAddress, jellyOrders.refundAddress, jellyOrders.userWallet];
    where.push(or(...columns.map((c) => ilike(c, pattern))) as SQL);
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const direction = (f.dir ?? COIN_JELLY_DEFAULT_DIR) === 1 ? desc : asc;
  const sortColumn = f.sortBy === 1 ? jellyOrders.amountSend : jellyOrders.createdAt;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(jellyOrders)
      .where(condition)
      .orderBy(direction(sortColumn), direction(jellyOrders.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(jellyOrders).where(condition),
  ]);
  return { data: rows.map((row) => jellyListItemWire(coins, row)), total: totals[0]?.total ?? 0 };
}

/** The signed-in user's orders (userWallet, when sent, must be their own). */
export function listUserJelly(db: Queryable, coins: readonly JellyCoin[], user: AuthUser, q: JellyUserOrdersFilters): Promise<JellyListResponse> {
  if (q.userWallet && q.userWallet !== user.wallet) throw forbidden('You can list only your own orders.');
  return listJelly(db, coins, {
    page: q.Page,
    size: q.Size,
    sortBy: q.SortBy,
    dir: q.Dir,
    asset: q.Asset,
    status: q.Status,
    dateFrom: q.DateFrom,
    dateTo: q.DateTo,
    searchWallet: q.SearchWallet,
    wallet: user.wallet,
  });
}

/** Every order, for admins. */
export function listJellyHistory(db: Queryable, coins: readonly JellyCoin[], q: JellyHistoryFilters): Promise<JellyListResponse> {
  return listJelly(db, coins, { ...q, wallet: null });
}
