import { describe, expect, it } from 'vitest';
import { rememberedIsoTime } from './iso-time.ts';

describe('rememberedIsoTime', () => {
  it('gives toISOString for every time, repeated or not', () => {
    const iso = rememberedIsoTime();
    const times = [0, 0, 1, 1_764_600_000_123, 1_764_600_000_123, 1_764_600_000_124, -1, 8.64e15, 1];
    for (const ms of times) expect(iso(new Date(ms))).toBe(new Date(ms).toISOString());
  });

  it('throws as toISOString does for an invalid date, and recovers', () => {
    const iso = rememberedIsoTime();
    expect(() => iso(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => iso(new Date(Number.NaN))).toThrow(RangeError);
    expect(iso(new Date(5))).toBe('1970-01-01T00:00:00.005Z');
  });
});
