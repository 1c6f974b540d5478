import { describe, expect, it } from 'vitest';
import { checkSellBalance, checkSolForFees } from './wallet-checks.ts';

describe('wallet checks', () => {
  it.each([
    [1_000_000n, true],
    [5_000_000_000n, true],
    [999_999n, false],
    [0n, false],
  ])('%s lamports enough for fees: %s', (lamports, ok) => {
    const check = checkSolForFees(lamports);
    expect(check.ok).toBe(ok);
    if (!check.ok) expect(check.error).toBe('You need at least 0.001 SOL to pay fees. Please top up your SOL balance.');
  });

  it.each([
    [100n, 100n, true],
    [101n, 100n, true],
    [99n, 100n, false],
  ])('balance %s covers %s: %s', (balance, amount, ok) => {
    const check = checkSellBalance({ balance, amount, symbol: 'USDC', amountText: '0.0001' });
    expect(check).toEqual(ok ? { ok: true, value: undefined } : { ok: false, error: 'Insufficient USDC balance to sell 0.0001 USDC' });
  });
});
