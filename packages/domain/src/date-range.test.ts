import { describe, expect, it } from 'vitest';
import { exclusiveEndDate, formatIsoDate, isValidDateRange, parseIsoDate } from './date-range.ts';
import { formatZonedDateTime } from './zoned-time.ts';

describe('dates', () => {
  it.each([
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2023-02-29', null],
    ['2024-13-01', null],
    ['2024-1-01', null],
    ['01/02/2024', null],
    ['', null],
  ])('parse %j', (text, iso) => {
    expect(parseIsoDate(text)?.toISOString() ?? null).toBe(iso);
  });

  it.each([
    ['2024-01-01', '2024-01-31', true],
    ['2024-01-31', '2024-01-31', true],
    ['2024-02-01', '2024-01-31', false],
    [new Date('2024-03-01T10:00:00Z'), new Date('2024-03-01T09:00:00Z'), false],
    [new Date('2024-03-01T09:00:00Z'), new Date('2024-03-01T10:00:00Z'), true],
    [null, '2024-01-31', true],
    ['2024-01-01', undefined, true],
    ['', '', true],
    ['2024-02-30', '2024-03-01', false],
    ['2024-01-01', 'tomorrow', false],
  ])('range %j – %j valid: %s', (from, to, valid) => {
    expect(isValidDateRange(from, to)).toBe(valid);
  });

  it.each([
    ['2024-02-28', '2024-02-29'],
    ['2023-02-28', '2023-03-01'],
    ['2024-12-31', '2025-01-01'],
  ])('end date %s is sent as %s', (to, next) => {
    expect(exclusiveEndDate(to)).toBe(next);
  });

  it('refuses an unreadable end date', () => {
    expect(() => exclusiveEndDate('31.12.2024')).toThrow('Invalid date: "31.12.2024" (expected yyyy-MM-dd)');
  });

  it('formats dates in a given zone', () => {
    const d = new Date('2024-06-30T22:30:00Z');
    expect(formatIsoDate(d, 'Europe/Nicosia')).toBe('2024-07-01');
    expect(formatIsoDate(d, 'UTC')).toBe('2024-06-30');
    expect(formatIsoDate(new Date(2024, 0, 5, 12))).toBe('2024-01-05');
  });

  it.each([
    ['2024-06-30T22:30:05Z', '2024-07-01 01:30:05'], // summer: UTC+3
    ['2024-01-15T00:00:00Z', '2024-01-15 02:00:00'], // winter: UTC+2
    ['2024-03-31T00:59:59Z', '2024-03-31 02:59:59'], // just before the DST switch at 01:00 UTC
    ['2024-03-31T01:00:00Z', '2024-03-31 04:00:00'],
    ['2024-01-15T21:00:00Z', '2024-01-15 23:00:00'], // 24-hour clock
  ])('wall clock for %s is %s (Europe/Nicosia)', (iso, text) => {
    expect(formatZonedDateTime(new Date(iso), 'Europe/Nicosia')).toBe(text);
  });
});
