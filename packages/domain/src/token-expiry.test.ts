import { describe, expect, it } from 'vitest';
import { needsRefresh, parseTokenExpiry } from './token-expiry.ts';

describe('token expiry', () => {
  it.each([
    [1_700_000_000, 1_700_000_000_000],
    ['1700000000', 1_700_000_000_000],
    [' 1700000000 ', 1_700_000_000_000],
    [999_999_999_999, 999_999_999_999_000],
    [1e12, 1e12],
    [1_700_000_000_000, 1_700_000_000_000],
    ['1700000000000', 1_700_000_000_000],
    ['2024-05-01T12:00:00Z', Date.UTC(2024, 4, 1, 12)],
    ['Wed, 01 May 2024 12:00:00 GMT', Date.UTC(2024, 4, 1, 12)],
    ['soon', null],
    ['', null],
    [-5, null],
    [NaN, null],
    [null, null],
    [undefined, null],
    [{}, null],
  ])('%j → %s', (value, ms) => {
    expect(parseTokenExpiry(value)).toBe(ms);
  });

  const now = 1_700_000_000_000;
  it.each([
    [null, true],
    [undefined, true],
    [now + 30_000, true],
    [now + 30_001, false],
    [now + 3_600_000, false],
    [now - 1, true],
  ])('expiry %s → refresh %s', (exp, refresh) => {
    expect(needsRefresh(exp, now)).toBe(refresh);
  });
});
