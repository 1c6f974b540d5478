// Expired swap quotes are deleted: swap_quotes keeps a quote only while it may still be submitted (plus a margin), or
// for good once a swap refers to it.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swapQuotes, swaps } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { QUOTE_KEPT_AFTER_EXPIRY_MS, deleteExpiredQuotes } from './quote-sweep.ts';
import { insertQuoteRow, insertSwapRow } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;
/** A quote given `ageMs` ago, firm for 30 seconds. */
async function quoteAged(ageMs: number): Promise<string> {
  const createdAt = new Date(t.clock.now().getTime() - ageMs);
  return (await insertQuoteRow(t, { wallet: createWallet().address, createdAt, expireAt: new Date(createdAt.getTime() + 30_000) })).id;
}
const stored = async (ids: string[]) =>
  (await t.app.db.select({ id: swapQuotes.id }).from(swapQuotes).where(inArray(swapQuotes.id, ids))).map((r) => r.id).sort();

describe('deleteExpiredQuotes', () => {
  it('deletes quotes expired beyond the margin, in batches; keeps live ones, recent ones and every submitted one', async () => {
    const dead = await Promise.all(Array.from({ length: 5 }, (_, i) => quoteAged(QUOTE_KEPT_AFTER_EXPIRY_MS + MINUTE + i * 1000)));
    const withinMargin = await quoteAged(QUOTE_KEPT_AFTER_EXPIRY_MS - MINUTE);
    const live = await quoteAged(0);
    const swapId = await insertSwapRow(t, { wallet: createWallet().address, inSymbol: 'USDC', outSymbol: 'SOL', status: 2, createdAt: new Date(t.clock.now().getTime() - 60 * MINUTE) });
    const [submitted] = await t.app.db.select({ quoteId: swaps.quoteId }).from(swaps).where(eq(swaps.id, swapId));

    expect(await deleteExpiredQuotes(t.app.db, t.clock.now(), 2)).toBe(5);
    expect(await stored([...dead, withinMargin, live, submitted!.quoteId])).toEqual([withinMargin, live, submitted!.quoteId].sort());
    expect(await deleteExpiredQuotes(t.app.db, t.clock.now(), 2)).toBe(0);

    // Once the margin has passed for them too, the other unsubmitted quotes go; the swap's quote stays.
    expect(await deleteExpiredQuotes(t.app.db, new Date(t.clock.now().getTime() + QUOTE_KEPT_AFTER_EXPIRY_MS + MINUTE))).toBe(2);
    expect(await stored([withinMargin, live, submitted!.quoteId])).toEqual([submitted!.quoteId]);
    const [swap] = await t.app.db.select().from(swaps).where(eq(swaps.id, swapId));
    expect(swap?.quoteId).toBe(submitted!.quoteId);
  });

  it('two sweeps at once (two replicas) delete each quote once, without waiting on or failing each other', async () => {
    const dead = await Promise.all(Array.from({ length: 9 }, (_, i) => quoteAged(QUOTE_KEPT_AFTER_EXPIRY_MS + MINUTE + i * 1000)));
    const counts = await Promise.all([deleteExpiredQuotes(t.app.db, t.clock.now(), 2), deleteExpiredQuotes(t.app.db, t.clock.now(), 2)]);
    expect(counts[0]! + counts[1]!).toBe(9);
    expect(await stored(dead)).toEqual([]);
  });
});
