import { describe, expect, it } from 'vitest';
import { defaultBanEnd, earliestBanEnd, fromPickerValue, onTimeStep, toPickerValue } from './banTime.ts';

const local = (y: number, mo: number, d: number, h: number, mi: number, s = 0) => new Date(y, mo - 1, d, h, mi, s);

describe('ban end picker', () => {
  it('defaults to now plus one day, rounded up to the 15-minute grid', () => {
    expect(defaultBanEnd(local(2026, 11, 25, 10, 7, 30))).toEqual(local(2026, 11, 26, 10, 15));
    expect(defaultBanEnd(local(2026, 11, 25, 10, 15))).toEqual(local(2026, 11, 26, 10, 15));
  });

  it('offers nothing before the next step after now', () => {
    expect(earliestBanEnd(local(2026, 11, 25, 10, 7))).toEqual(local(2026, 11, 25, 10, 15));
    expect(earliestBanEnd(local(2026, 11, 25, 10, 15))).toEqual(local(2026, 11, 25, 10, 30));
  });

  it('reads and writes the picker value in local time', () => {
    const date = local(2026, 1, 2, 3, 45);
    expect(toPickerValue(date)).toBe('2026-01-02T03:45');
    expect(fromPickerValue('2026-01-02T03:45')).toEqual(date);
    expect(fromPickerValue('')).toBeNull();
    expect(fromPickerValue('2026-13-40T99:99')).toBeNull();
  });

  it.each([
    [local(2026, 1, 2, 3, 45), true],
    [local(2026, 1, 2, 3, 0), true],
    [local(2026, 1, 2, 3, 10), false],
    [local(2026, 1, 2, 3, 15, 5), false],
  ])('%s on the 15-minute grid: %s', (date, expected) => {
    expect(onTimeStep(date)).toBe(expected);
  });
});
