import { describe, expect, it } from 'vitest';
import { quoteClock } from './quoteClock.ts';

const quote = { quotedAt: '2030-01-01T12:00:00.000Z', expireAt: '2030-01-01T12:00:30.000Z', publishTime: '2030-01-01T11:59:56.000Z' };

describe('quoteClock', () => {
  it('puts the server instants on the device clock, however far off the device is', () => {
    // the device runs 5 minutes behind the server: the quote still has its 30 s from the moment it arrived
    const arrived = Date.parse('2030-01-01T11:55:00.000Z');
    expect(quoteClock(quote, arrived)).toEqual({ expiresAtMs: arrived + 30_000, publishedAtMs: arrived - 4_000 });
    const ahead = Date.parse('2030-01-01T12:10:00.000Z');
    expect(quoteClock(quote, ahead).expiresAtMs).toBe(ahead + 30_000);
  });

  it('keeps the server times as they are when quotedAt is unreadable', () => {
    expect(quoteClock({ ...quote, quotedAt: 'garbage' }, 0).expiresAtMs).toBe(Date.parse(quote.expireAt));
  });
});
