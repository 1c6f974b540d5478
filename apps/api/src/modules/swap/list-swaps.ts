import type { SwapHistoryFilters, SwapHistoryResponse } from '@jelly/contracts';
import { SWAP_HISTORY_DEFAULT_SIZE } from '@jelly/contracts';
import { START_DATE_AFTER_END } from '@jelly/domain';
import { and, count, desc, eq, gte, like, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { swaps } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { toSwapRecord } from './swap-view.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const readDate = (text: string): Date => new Date(PLAIN_DATE.test(text) ? `${text}T00:00:00.000Z` : text);

/** From from its start; To inclusive (a plain date up to the end of its day); a start after the end is refused. */
function createdWithin(from: string | undefined, to: string | undefined): SQL[] {
  const start = from ? readDate(from) : null;
  const endExclusive = to && PLAIN_DATE.test(to) ? new Date(readDate(to).getTime() + DAY_MS) : null;
  const endInclusive = to && !endExclusive ? readDate(to) : null;
  if (start && ((endExclusive && start >= endExclusive) || (endInclusive && start > endInclusive))) {
    throw badRequest(START_DATE_AFTER_END);
  }
  const bounds: SQL[] = [];
  if (start) bounds.push(gte(swaps.createdAt, start));
  if (endExclusive) bounds.push(lt(swaps.createdAt, endExclusive));
  if (endInclusive) bounds.push(lte(swaps.createdAt, endInclusive));
  return bounds;
}

/** LIKE with the pattern characters of the user's text taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /swaps (the caller's, `wallet` set) and GET /admin/swaps (everyone's, `wallet` null): newest first, filtered by
 * asset (either side), status, created-at range and text in the wallet or txID; `total` counts every match.
 */
export async function listSwaps(db: Queryable, wallet: string | null, query: SwapHistoryFilters): Promise<SwapHistoryResponse> {
  const filters: (SQL | undefined)[] = [...createdWithin(query.From, query.To)];
  if (wallet) filters.push(eq(swaps.wallet, wallet));
  if (query.Asset && query.Asset !== 'All') filters.push(or(eq(swaps.inSymbol, query.Asset), eq(swaps.outSymbol, query.Asset)));
  if (query.Status !== undefined) filters.push(eq(swaps.status, query.Status));
  if (query.SearchWallet) {
    const pattern = contains(query.SearchWallet);
    filters.push(or(like(swaps.wallet, pattern), like(swaps.txId, pattern)));
  }
  const where = and(...filters);
  const size = query.Size ?? SWAP_HISTORY_DEFAULT_SIZE;
  const page = query.Page ?? 1;
  const [rows, totals] = await Promise.all([
    db.select().from(swaps).where(where).orderBy(desc(swaps.createdAt), desc(swaps.id)).limit(size).offset((page - 1) * size),
    db.select({ n: count() }).from(swaps).where(where),
  ]);
  return { data: rows.map(toSwapRecord), total: totals[0]?.n ?? 0 };
}
