import { describe, expect, it } from 'vitest';
import { adminSwapUpdate, swapHistoryQuery, swapQuoteRequest, swapSubmitRequest } from './swap.ts';

const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const SOL = 'So11111111111111111111111111111111111111112';

describe('swap contract', () => {
  it('defaults swapMode to ExactIn and refuses other modes, zero amounts and one token twice', () => {
    expect(swapQuoteRequest.parse({ inputMint: USDT, outputMint: SOL, amount: '25000000' }).swapMode).toBe('ExactIn');
    expect(swapQuoteRequest.safeParse({ inputMint: USDT, outputMint: SOL, amount: '1', swapMode: 'ExactOut' }).success).toBe(false);
    expect(swapQuoteRequest.safeParse({ inputMint: USDT, outputMint: SOL, amount: '0' }).error?.issues[0]?.message).toBe('Amount must be above 0');
    expect(swapQuoteRequest.safeParse({ inputMint: USDT, outputMint: USDT, amount: '1' }).error?.issues[0]?.message).toBe('Choose two different tokens.');
  });

  it('reads the history filters like the owner order list: empty is unset, Size 1..50', () => {
    expect(swapHistoryQuery.parse({ Asset: '', Status: '', From: '', Page: '2', Size: '50' })).toEqual({ Page: 2, Size: 50 });
    expect(swapHistoryQuery.parse({ Asset: 'SOL', Status: '1', From: '2026-01-01', To: '2026-01-31' })).toMatchObject({ Asset: 'SOL', Status: 1 });
    expect(swapHistoryQuery.safeParse({ Size: '51' }).success).toBe(false);
    expect(swapHistoryQuery.safeParse({ Status: '3' }).success).toBe(false);
    expect(swapHistoryQuery.safeParse({ Asset: 'BTC' }).error?.issues[0]?.message).toBe('Asset must be All, SOL, USDC or USDT');
    expect(swapHistoryQuery.safeParse({ From: '2026-02-30' }).success).toBe(false);
  });

  it('needs a quote token, a base64 transaction, and a 3..500 character reason for an admin edit', () => {
    expect(swapSubmitRequest.safeParse({ quoteToken: '', signedTransaction: 'AA==' }).error?.issues[0]?.message).toBe('quoteToken is required');
    expect(swapSubmitRequest.safeParse({ signedTransaction: 'AA==' }).error?.issues[0]?.message).toBe('quoteToken is required');
    expect(swapSubmitRequest.safeParse({ quoteToken: 'q1.x'.repeat(300), signedTransaction: 'AA==' }).success).toBe(false);
    expect(swapSubmitRequest.safeParse({ quoteToken: 'q1.e30.x', signedTransaction: 'not base64!' }).success).toBe(false);
    expect(swapSubmitRequest.safeParse({ quoteToken: 'q1.e30.x', signedTransaction: 'AA==' }).success).toBe(true);
    expect(adminSwapUpdate.safeParse({ status: 2, reason: 'ok' }).success).toBe(false);
    expect(adminSwapUpdate.safeParse({ status: 2, reason: 'refunded by hand' }).success).toBe(true);
  });
});
