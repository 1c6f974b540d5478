import type { SwapRecord } from '@jelly/contracts';
import { SWAP_AWAITING_CHAIN } from '@jelly/domain';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { swapQuotes, swaps } from '../../db/schema/index.ts';
import { toSwapRecord, type SwapRow } from './swap-view.ts';

export type QuoteRow = typeof swapQuotes.$inferSelect;

export async function findQuote(db: Queryable, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(swapQuotes).where(eq(swapQuotes.id, id));
  return row;
}

export async function findSwap(db: Queryable, id: number): Promise<SwapRow | undefined> {
  const [row] = await db.select().from(swaps).where(eq(swaps.id, id));
  return row;
}

export async function findSwapOfQuote(db: Queryable, quoteId: string): Promise<SwapRow | undefined> {
  const [row] = await db.select().from(swaps).where(eq(swaps.quoteId, quoteId));
  return row;
}

export async function findSwapByTx(db: Queryable, txId: string): Promise<SwapRow | undefined> {
  const [row] = await db.select().from(swaps).where(eq(swaps.txId, txId));
  return row;
}

/** Swaps by id in wire form (the realtime pushes). */
export async function findSwapRecords(db: Queryable, ids: readonly number[]): Promise<Map<number, SwapRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(swaps).where(inArray(swaps.id, [...ids]));
  return new Map(rows.map((row) => [row.id, toSwapRecord(row)]));
}

/** Swaps awaiting the chain (Processing) last touched before `cutoff` (their request is gone: the sweep settles them). */
export async function findStaleProcessingSwaps(db: Queryable, cutoff: Date, limit: number): Promise<SwapRow[]> {
  return db.select().from(swaps).where(and(inArray(swaps.status, [...SWAP_AWAITING_CHAIN]), lt(swaps.updatedAt, cutoff))).limit(limit);
}
