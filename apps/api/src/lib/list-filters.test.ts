import { START_DATE_AFTER_END } from '@jelly/domain';
import { describe, expect, it } from 'vitest';
import { swaps } from '../db/schema/index.ts';
import { containsPattern, createdWithin } from './list-filters.ts';

describe('createdWithin', () => {
  it('bounds by whichever ends are given', () => {
    expect(createdWithin(swaps.createdAt, undefined, undefined)).toHaveLength(0);
    expect(createdWithin(swaps.createdAt, '2026-01-01', undefined)).toHaveLength(1);
    expect(createdWithin(swaps.createdAt, '2026-01-01', '2026-01-31T12:00:00Z')).toHaveLength(2);
  });

  it('takes a one-day range (To covers its whole day) and refuses a start after the end', () => {
    expect(createdWithin(swaps.createdAt, '2026-01-05', '2026-01-05')).toHaveLength(2);
    expect(createdWithin(swaps.createdAt, '2026-01-05T23:59:59Z', '2026-01-05')).toHaveLength(2);
    expect(() => createdWithin(swaps.createdAt, '2026-01-06', '2026-01-05')).toThrow(START_DATE_AFTER_END);
    expect(() => createdWithin(swaps.createdAt, '2026-01-05T12:00:01Z', '2026-01-05T12:00:00Z')).toThrow(START_DATE_AFTER_END);
  });
});

describe('containsPattern', () => {
  it('takes the LIKE pattern characters literally', () => {
    expect(containsPattern('ab')).toBe('%ab%');
    expect(containsPattern('5%_\\')).toBe('%5\\%\\_\\\\%');
  });
});
