import type { SwapRecord } from '@jelly/contracts';
import type { swaps } from '../../db/schema/index.ts';

export type SwapRow = typeof swaps.$inferSelect;

/** A swap row in its wire form. */
export function toSwapRecord(row: SwapRow): SwapRecord {
  return {
    id: row.id,
    txID: row.txId,
    status: row.status,
    wallet: row.wallet,
    inputMint: row.inputMint,
    outputMint: row.outputMint,
    inSymbol: row.inSymbol,
    outSymbol: row.outSymbol,
    inDecimals: row.inDecimals,
    outDecimals: row.outDecimals,
    inAmount: row.inAmount,
    outAmount: row.outAmount,
    quoteId: row.quoteId,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
