import type { SwapHistoryFilters, SwapHistoryResponse } from '@jelly/contracts';
import { SWAP_HISTORY_DEFAULT_SIZE } from '@jelly/contracts';
import { clampPage, clampPageSize } from '@jelly/domain';
import { and, count, desc, eq, like, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { swaps } from '../../db/schema/index.ts';
import { containsPattern, createdWithin } from '../../lib/list-filters.ts';
import { toSwapRecord } from './swap-view.ts';

/**
 * GET /swaps (the caller's, `wallet` set) and GET /admin/swaps (everyone's, `wallet` null): newest first, filtered by
 * asset (either side), status, created-at range and text in the wallet or txID; `total` counts every match.
 */
export async function listSwaps(db: Queryable, wallet: string | null, query: SwapHistoryFilters): Promise<SwapHistoryResponse> {
  const filters: (SQL | undefined)[] = [...createdWithin(swaps.createdAt, query.From, query.To)];
  if (wallet) filters.push(eq(swaps.wallet, wallet));
  if (query.Asset && query.Asset !== 'All') filters.push(or(eq(swaps.inSymbol, query.Asset), eq(swaps.outSymbol, query.Asset)));
  if (query.Status !== undefined) filters.push(eq(swaps.status, query.Status));
  if (query.SearchWallet) {
    const pattern = containsPattern(query.SearchWallet);
    filters.push(or(like(swaps.wallet, pattern), like(swaps.txId, pattern)));
  }
  const where = and(...filters);
  const size = clampPageSize(query.Size, SWAP_HISTORY_DEFAULT_SIZE);
  const page = clampPage(query.Page);
  const [rows, totals] = await Promise.all([
    db.select().from(swaps).where(where).orderBy(desc(swaps.createdAt), desc(swaps.id)).limit(size).offset((page - 1) * size),
    db.select({ n: count() }).from(swaps).where(where),
  ]);
  return { data: rows.map(toSwapRecord), total: totals[0]?.n ?? 0 };
}
