import { describe, expect, it } from 'vitest';
import { jellyRateMovedAgainstDesk } from './coin-jelly-rate-band.ts';

describe('a fixed Coin Jelly rate against the price band', () => {
  it.each([
    // exactly the band against the desk is still honoured; one base unit more is not
    { fixed: 1_000_000n, now: 990_000n, band: 100, moved: false },
    { fixed: 1_000_000n, now: 989_999n, band: 100, moved: true },
    // within the band
    { fixed: 1_000_000n, now: 995_000n, band: 100, moved: false },
    // in the desk's favour, however far
    { fixed: 1_000_000n, now: 1_000_000n, band: 100, moved: false },
    { fixed: 1_000_000n, now: 5_000_000n, band: 100, moved: false },
    // the desk would pay nothing today
    { fixed: 1_000_000n, now: 0n, band: 100, moved: true },
    // a band of 0: any move against the desk
    { fixed: 1_000_000n, now: 999_999n, band: 0, moved: true },
    // amounts too large for a float stay exact
    { fixed: 10n ** 30n, now: 10n ** 30n - 10n ** 28n, band: 100, moved: false },
    { fixed: 10n ** 30n, now: 10n ** 30n - 10n ** 28n - 1n, band: 100, moved: true },
  ])('fixed $fixed, now $now, band $band bps → moved: $moved', ({ fixed, now, band, moved }) => {
    expect(jellyRateMovedAgainstDesk(fixed, now, band)).toBe(moved);
  });
});
