import { describe, expect, it } from 'vitest';
import { toJsonText } from './json-text.ts';

describe('toJsonText', () => {
  it('writes bigints as exact integer digits, u64::MAX included', () => {
    const text = toJsonText({ rentEpoch: 18_446_744_073_709_551_615n, lamports: 5, list: [1n, -2n] });
    expect(text).toBe('{"rentEpoch":18446744073709551615,"lamports":5,"list":[1,-2]}');
  });

  it('leaves strings that look like numbers as strings', () => {
    expect(toJsonText({ amount: '18446744073709551615', log: 'bigint-x:1' })).toBe(
      '{"amount":"18446744073709551615","log":"bigint-x:1"}',
    );
  });
});
