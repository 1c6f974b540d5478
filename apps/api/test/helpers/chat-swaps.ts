import { randomUUID } from 'node:crypto';
import { KNOWN_MINTS } from '@jelly/contracts';
import type { Database } from '../../src/db/connect.ts';
import { swapQuotes, swaps } from '../../src/db/schema/index.ts';

let swapCount = 0;

/** A recorded swap of `wallet`, written straight into the tables (the swap chat reads only whose it is). */
export async function insertSwap(db: Database, wallet: string): Promise<number> {
  const quoteId = randomUUID();
  // Each swap has its own transaction (a signature: 64 bytes in base58).
  swapCount += 1;
  const txId = `${'5'.repeat(80)}${String(swapCount).padStart(7, 'A')}`;
  const now = new Date('2026-11-25T09:00:00.000Z');
  const pair = { wallet, inputMint: KNOWN_MINTS.USDT, outputMint: KNOWN_MINTS.SOL, inSymbol: 'USDT', outSymbol: 'SOL', inDecimals: 6, outDecimals: 9, inAmount: '25000000', outAmount: '152300000' };
  await db.insert(swapQuotes).values({
    ...pair,
    id: quoteId,
    midOutAmount: '152760000',
    feeBps: 30,
    source: 'bundled',
    publishTime: now,
    message: 'AA==',
    recentBlockhash: '11111111111111111111111111111111',
    lastValidBlockHeight: 100,
    expireAt: now,
    createdAt: now,
  });
  const [row] = await db
    .insert(swaps)
    .values({ ...pair, quoteId, status: 1, txId, recentBlockhash: '11111111111111111111111111111111', createdAt: now, updatedAt: now })
    .returning({ id: swaps.id });
  if (!row) throw new Error('swap insert failed');
  return row.id;
}
