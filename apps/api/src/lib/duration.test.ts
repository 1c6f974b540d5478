import { describe, expect, it } from 'vitest';
import { parseDurationSeconds } from './duration.ts';

describe('parseDurationSeconds', () => {
  it.each([
    ['900', 900],
    ['90s', 90],
    ['15m', 900],
    ['12h', 43200],
    ['30d', 2592000],
    [' 5m ', 300],
    ['0', null],
    ['-5m', null],
    ['1.5h', null],
    ['15 minutes', null],
    ['', null],
    ['99999999999999999d', null],
  ])('%j → %j', (text, seconds) => {
    expect(parseDurationSeconds(text)).toBe(seconds);
  });
});
