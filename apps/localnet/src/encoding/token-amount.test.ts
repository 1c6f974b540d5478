import { describe, expect, it } from 'vitest';
import { formatUnits, uiTokenAmount } from './token-amount.ts';

describe('token amounts', () => {
  it('formats base units exactly, without trailing zeros', () => {
    expect(formatUnits(0n, 6)).toBe('0');
    expect(formatUnits(1_500_000n, 6)).toBe('1.5');
    expect(formatUnits(1n, 6)).toBe('0.000001');
    expect(formatUnits(100_000_000n, 6)).toBe('100');
    expect(formatUnits(18_446_744_073_709_551_615n, 9)).toBe('18446744073.709551615');
    expect(formatUnits(42n, 0)).toBe('42');
  });

  it('builds the RPC uiTokenAmount object', () => {
    expect(uiTokenAmount(2_500_001n, 6)).toEqual({ amount: '2500001', decimals: 6, uiAmount: 2.500001, uiAmountString: '2.500001' });
  });
});
