import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, utcOffsetLabel } from './formatLocalDateTime.ts';

describe('formatLocalDateTime', () => {
  it.each([
    ['2025-03-04T08:05:00.000Z', 'Europe/Berlin', '2025-03-04 09:05 UTC+1'],
    ['2025-07-04T08:05:00.000Z', 'Europe/Berlin', '2025-07-04 10:05 UTC+2'],
    ['2025-03-04T08:05:00.000Z', 'America/New_York', '2025-03-04 03:05 UTC-5'],
    ['2025-03-04T08:05:00.000Z', 'UTC', '2025-03-04 08:05 UTC'],
  ])('%s in %s reads %s', (iso, zone, text) => {
    expect(formatLocalDateTime(iso, zone)).toBe(text);
  });

  it('is null for no date or a bad one', () => {
    expect(formatLocalDateTime(undefined)).toBeNull();
    expect(formatLocalDateTime('not a date')).toBeNull();
  });

  it('names offsets the same whatever the runtime calls them', () => {
    expect(['GMT', 'GMT+0', 'UTC', 'GMT+2', 'GMT+5:30', 'GMT-3'].map(utcOffsetLabel)).toEqual(['UTC', 'UTC', 'UTC', 'UTC+2', 'UTC+5:30', 'UTC-3']);
  });
});
