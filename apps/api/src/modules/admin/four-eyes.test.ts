import { describe, expect, it } from 'vitest';
import { PriceFeedUnavailableError, type PriceFeed } from '../prices/index.ts';
import type { FourEyesThreshold } from './admin-config.ts';
import { needsFourEyes } from './four-eyes.ts';

/** Units per USD as the bundled table has them (KWD, EUR, JPY), and a made-up XTS at exactly 2 per USD. */
const PER_USD: Record<string, string> = { USD: '1', KWD: '0.305712', EUR: '0.907539', JPY: '148.042596', XTS: '2' };
const feed: PriceFeed = {
  source: 'test',
  cryptoUsd: async () => null,
  fiatPerUsd: async (code) => (PER_USD[code] ? { value: PER_USD[code], asOf: new Date(0) } : null),
};
const down: PriceFeed = {
  source: 'down',
  cryptoUsd: async () => null,
  fiatPerUsd: async () => {
    throw new PriceFeedUnavailableError('FX source down');
  },
};
const usd1000: FourEyesThreshold = { amount: '1000', currency: 'USD' };
const eur1000: FourEyesThreshold = { amount: '1000', currency: 'EUR' };

describe('four eyes, compared in the threshold’s currency', () => {
  it.each([
    // 2,000 USDC at 0.33 KWD = 660 KWD: above 1000 USD although 660 < 1000
    ['660 KWD (≈ 2,158.89 USD) vs 1000 USD', usd1000, 66_000n, 'KWD', true],
    ['300 KWD (≈ 981.32 USD) vs 1000 USD', usd1000, 30_000n, 'KWD', false],
    ['920 EUR (≈ 1,013.73 USD) vs 1000 USD', usd1000, 92_000n, 'EUR', true],
    ['140,000 JPY (≈ 945.68 USD) vs 1000 USD', usd1000, 14_000_000n, 'JPY', false],
    ['exactly 1000 USD in XTS (2000.00 at 2 per USD) is not above', usd1000, 200_000n, 'XTS', false],
    ['one cent of XTS more is', usd1000, 200_001n, 'XTS', true],
    ['1,100 USD (≈ 998.29 EUR) vs 1000 EUR', eur1000, 110_000n, 'USD', false],
    ['1,102 USD (≈ 1,000.11 EUR) vs 1000 EUR', eur1000, 110_200n, 'USD', true],
    ['a lower-case code is the same currency', usd1000, 100_001n, 'usd', true],
  ] as const)('%s', async (_name, threshold, cents, fiatCode, expected) => {
    expect(await needsFourEyes(threshold, { fiatAmountCents: cents, fiatCode }, feed)).toBe(expected);
  });

  it('compares a deal in the threshold’s own currency in cents, without asking the feed', async () => {
    const threshold = { amount: '250.50', currency: 'EUR' };
    expect(await needsFourEyes(threshold, { fiatAmountCents: 25_050n, fiatCode: 'EUR' }, down)).toBe(false);
    expect(await needsFourEyes(threshold, { fiatAmountCents: 25_051n, fiatCode: 'EUR' }, down)).toBe(true);
  });

  it('needs a second admin for a deal the feed cannot value: no rate for its currency or the threshold’s, the feed down, no amount', async () => {
    expect(await needsFourEyes(usd1000, { fiatAmountCents: 1n, fiatCode: 'ABC' }, feed)).toBe(true);
    expect(await needsFourEyes({ amount: '1000', currency: 'GBP' }, { fiatAmountCents: 1n, fiatCode: 'EUR' }, feed)).toBe(true);
    expect(await needsFourEyes(usd1000, { fiatAmountCents: 1n, fiatCode: 'EUR' }, down)).toBe(true);
    expect(await needsFourEyes(usd1000, { fiatAmountCents: null, fiatCode: 'USD' }, feed)).toBe(true);
  });

  it('never asks for a second admin when the rule is off', async () => {
    expect(await needsFourEyes(null, { fiatAmountCents: 10n ** 20n, fiatCode: 'ABC' }, down)).toBe(false);
  });
});
