import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_BPS, estimatedFee, feeAmount, formatFeePercent, settlementPayout } from './fees.ts';

describe('fees', () => {
  it('defaults to 25 bps', () => {
    expect(DEFAULT_FEE_BPS).toBe(25);
  });

  it.each([
    [1_000_000n, 25, 2_500n],
    [100n, 25, 0n], // 0.25 → floor 0
    [399n, 25, 0n],
    [400n, 25, 1n],
    [1_000_000n, 0, 0n],
    [1_000_000n, 10_000, 1_000_000n],
    [18_446_744_073_709_551_615n, 25, 46_116_860_184_273_879n], // u64 max: no overflow in bigint
  ])('fee of %s at %i bps → %s', (amount, bps, fee) => {
    expect(feeAmount(amount, bps)).toBe(fee);
    expect(settlementPayout(amount, bps)).toEqual({ fee, toFiatSide: amount - fee });
  });

  it.each([-1, 10_001, 2.5, NaN])('rejects fee bps %d', (bps) => {
    expect(() => feeAmount(1n, bps)).toThrow('Fee must be an integer number of basis points from 0 to 10000');
  });

  it('rejects a negative amount', () => {
    expect(() => feeAmount(-1n, 25)).toThrow('Amount must not be negative');
  });

  it.each([
    [25, '0.25%'],
    [20, '0.2%'],
    [0, '0%'],
    [100, '1%'],
    [150, '1.5%'],
    [10_000, '100%'],
  ])('%i bps shows as %s', (bps, text) => {
    expect(formatFeePercent(bps)).toBe(text);
  });

  it.each([
    ['100', 6, 25, '0.25'],
    ['1.5', 6, 25, '0.00375'],
    ['0.000399', 6, 25, '0'],
  ])('estimated fee of %s (decimals %i) at %i bps → %s', (amount, decimals, bps, fee) => {
    expect(estimatedFee(amount, decimals, bps)).toBe(fee);
  });
});
