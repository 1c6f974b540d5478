// Two processes behind a round-robin balancer share one database but not their memory: a quote one of them gave and
// has not written yet is found by the other (the submit waits for the write), and an unknown quote stays unknown.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import type { QuoteRow } from './queries.ts';
import { createQuoteStore } from './quote-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function quoteRow(): QuoteRow {
  const now = new Date();
  return {
    id: randomUUID(),
    wallet: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
    inputMint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
    outputMint: 'So11111111111111111111111111111111111111112',
    inSymbol: 'USDT',
    outSymbol: 'SOL',
    inDecimals: 6,
    outDecimals: 9,
    inAmount: '2000000',
    outAmount: '13000000',
    midOutAmount: '13100000',
    feeBps: 30,
    source: 'bundled',
    publishTime: now,
    message: 'AA==',
    recentBlockhash: '11111111111111111111111111111111',
    lastValidBlockHeight: 150,
    expireAt: new Date(now.getTime() + 30_000),
    createdAt: now,
  };
}

describe('the quote store across two processes on one database', () => {
  it('finds on one process a quote the other gave and has not written yet', async () => {
    const gave = createQuoteStore(t.app.db);
    const other = createQuoteStore(t.app.db);
    const row = quoteRow();
    gave.add(row); // written behind the answer, in the next batch
    expect((await other.find(row.id))?.id).toBe(row.id);
    await gave.flush();
  });

  it('answers an unknown quote with nothing once the wait is over', async () => {
    expect(await createQuoteStore(t.app.db).find(randomUUID())).toBeUndefined();
  });
});
