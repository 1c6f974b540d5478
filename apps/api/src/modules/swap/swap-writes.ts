import { fromBaseUnits, isFinalSwapStatus, SWAP_MOVES, SwapStatus, type SwapMoveName } from '@jelly/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import type { Queryable } from '../../db/rows.ts';
import { swapQuotes, swaps } from '../../db/schema/index.ts';
import { emitSignal } from '../../realtime/signals.ts';
import { notify } from '../notifications/index.ts';
import type { QuoteRow } from './queries.ts';
import type { SwapRow } from './swap-view.ts';

/**
 * The quote's row and the swap's row for it, in one transaction, written before the transaction is sent
 * (Processing, txID = its signature). The quote is written only now, with the swap that submits it (a quote itself
 * writes nothing: quote-token.ts). The unique quote_id makes this the single co-signature of the quote, the unique
 * tx_id one record per transaction: undefined when another submit got there first.
 */
export async function insertSwap(
  db: Database,
  quote: QuoteRow,
  signed: { signature: string; rawTransaction: string | null },
  now: Date,
): Promise<SwapRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.insert(swapQuotes).values(quote).onConflictDoNothing();
    const [row] = await tx
      .insert(swaps)
      .values({
        quoteId: quote.id,
        txId: signed.signature,
        status: SwapStatus.Processing,
        wallet: quote.wallet,
        inputMint: quote.inputMint,
        outputMint: quote.outputMint,
        inSymbol: quote.inSymbol,
        outSymbol: quote.outSymbol,
        inDecimals: quote.inDecimals,
        outDecimals: quote.outDecimals,
        inAmount: quote.inAmount,
        outAmount: quote.outAmount,
        rawTransaction: signed.rawTransaction,
        recentBlockhash: quote.recentBlockhash,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    return row;
  });
}

/** The co-signed bytes, kept while the swap is Processing so a sweep can re-send them (written with the charge). */
export async function setSwapRaw(db: Queryable, id: number, rawTransaction: string): Promise<void> {
  await db.update(swaps).set({ rawTransaction }).where(eq(swaps.id, id));
}

/** What a user reads about the result, in the bell and on Telegram. */
function resultNotice(row: SwapRow): { kind: 'swap_completed' | 'swap_failed'; title: string; message: string } {
  const sent = `${fromBaseUnits(BigInt(row.inAmount), row.inDecimals)} ${row.inSymbol}`;
  const received = `${fromBaseUnits(BigInt(row.outAmount), row.outDecimals)} ${row.outSymbol}`;
  if (row.status === SwapStatus.Completed) return { kind: 'swap_completed', title: 'Swap completed', message: `You swapped ${sent} for ${received}.` };
  const why = row.failureReason ? ` ${row.failureReason}` : '';
  return { kind: 'swap_failed', title: 'Swap failed', message: `Your swap of ${sent} for ${received} did not go through; nothing was exchanged.${why}` };
}

/**
 * Makes a move of the swap state table (@jelly/domain) in one conditional UPDATE … WHERE status IN (the move's from)
 * — concurrent moves happen once — with its notification and realtime signal in the same transaction. `seen`
 * narrows it to the status the caller read (an admin's form). Returns the row afterwards, or undefined when the
 * swap was not in a status the move starts from any more.
 */
export async function moveSwap(
  db: Database,
  id: number,
  move: SwapMoveName,
  change: { failureReason?: string | null; txId?: string | null; clearRaw?: boolean; seen?: SwapStatus },
  now: Date,
  /** More writes of the same act in the same transaction (the admin's audit row). */
  also?: (tx: Queryable, row: SwapRow) => Promise<void>,
): Promise<SwapRow | undefined> {
  const { from, to } = SWAP_MOVES[move];
  const allowed = change.seen === undefined ? from : from.filter((status) => status === change.seen);
  if (allowed.length === 0) return undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(swaps)
      .set({
        status: to,
        updatedAt: now,
        ...(change.failureReason !== undefined ? { failureReason: change.failureReason } : {}),
        ...(change.txId !== undefined ? { txId: change.txId } : {}),
        ...(change.clearRaw ? { rawTransaction: null } : {}),
      })
      .where(and(eq(swaps.id, id), inArray(swaps.status, [...allowed])))
      .returning();
    if (!row) return undefined;
    await also?.(tx, row);
    // A move always changes the status; the bell rings when it reaches a result.
    if (isFinalSwapStatus(row.status)) await notify(tx, { wallet: row.wallet, ...resultNotice(row), data: { swapId: row.id }, now });
    await emitSignal(tx, { t: 's', id: row.id, w: row.wallet });
    return row;
  });
}
