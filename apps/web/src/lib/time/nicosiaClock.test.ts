import { describe, expect, it } from 'vitest';
import { formatFooterClock } from './nicosiaClock.ts';

describe('footer clock (Europe/Nicosia, yyyy-MM-dd HH:mm:ss)', () => {
  it.each([
    ['winter, UTC+2', '2025-01-15T10:04:05Z', '2025-01-15 12:04:05'],
    ['summer, UTC+3', '2025-07-15T10:04:05Z', '2025-07-15 13:04:05'],
    ['crosses midnight into the next day', '2025-12-31T22:30:00Z', '2026-01-01 00:30:00'],
    ['just before the spring change (03:00 local → 04:00)', '2025-03-30T00:59:59Z', '2025-03-30 02:59:59'],
    ['just after the spring change', '2025-03-30T01:00:00Z', '2025-03-30 04:00:00'],
    ['midnight is 00, not 24', '2025-02-01T22:00:00Z', '2025-02-02 00:00:00'],
  ])('%s', (_label, utc, expected) => {
    expect(formatFooterClock(new Date(utc))).toBe(expected);
  });
});
