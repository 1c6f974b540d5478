import { describe, expect, it } from 'vitest';
import { PriceFeedUnavailableError, type PriceFeed } from '../prices/index.ts';
import type { FourEyesThreshold } from './admin-config.ts';
import { needsFourEyes, type DealStake } from './four-eyes.ts';

/** Units per USD as the bundled table has them (KWD, EUR, JPY), and a made-up XTS at exactly 2 per USD. */
const PER_USD: Record<string, string> = { USD: '1', KWD: '0.305712', EUR: '0.907539', JPY: '148.042596', XTS: '2' };
/** USD per token: USDC at exactly 1 so the tables below read in whole dollars; SOL as bundled. */
const TOKEN_USD: Record<string, string> = { USDC: '1', SOL: '143.16027451' };
const feed: PriceFeed = {
  source: 'test',
  cryptoUsd: async (symbol) => (TOKEN_USD[symbol] ? { value: TOKEN_USD[symbol], asOf: new Date(0) } : null),
  fiatPerUsd: async (code) => (PER_USD[code] ? { value: PER_USD[code], asOf: new Date(0) } : null),
};
const down: PriceFeed = {
  source: 'down',
  cryptoUsd: async () => {
    throw new PriceFeedUnavailableError('Pyth down');
  },
  fiatPerUsd: async () => {
    throw new PriceFeedUnavailableError('FX source down');
  },
};
const usd1000: FourEyesThreshold = { amount: '1000', currency: 'USD' };
const eur1000: FourEyesThreshold = { amount: '1000', currency: 'EUR' };

/** A deal of `usdc` whole USDC (6 decimals) whose parties priced it at `cents` of `fiatCode`. */
const usdcDeal = (usdc: bigint, cents: bigint | null, fiatCode: string): DealStake => ({
  fiatAmountCents: cents,
  fiatCode,
  amount: usdc * 1_000_000n,
  tokenDecimal: 6,
  tokenName: 'USDC',
});

describe('four eyes: the larger of the fiat value and the escrowed tokens’ value, in the threshold’s currency', () => {
  it.each([
    // cheap fiat, dear tokens: the parties' own price cannot talk the stake down
    ['2,000 USDC priced at 0.001 USD (2 USD): the tokens are worth 2,000 USD', usd1000, usdcDeal(2000n, 200n, 'USD'), true],
    ['2,000 USDC priced at 0.33 KWD (660 KWD ≈ 2,158.89 USD)', usd1000, usdcDeal(2000n, 66_000n, 'KWD'), true],
    ['1,001 USDC priced at 1 JPY: the tokens are worth 1,001 USD', usd1000, usdcDeal(1001n, 100_100n, 'JPY'), true],
    ['10 SOL priced at 1 USD: the tokens are worth ≈ 1,431.60 USD', usd1000, { fiatAmountCents: 1000n, fiatCode: 'USD', amount: 10_000_000_000n, tokenDecimal: 9, tokenName: 'SOL' }, true],
    // dear fiat, cheap tokens: the fiat value still counts
    ['300 USDC priced at 920 EUR each (276,000 EUR)', usd1000, usdcDeal(300n, 27_600_000n, 'EUR'), true],
    ['10 USDC priced at 1,001 USD (one cent of fiat over)', usd1000, usdcDeal(10n, 100_001n, 'USD'), true],
    // neither above
    ['300 KWD for 900 USDC (≈ 981.32 USD; 900 USD)', usd1000, usdcDeal(900n, 30_000n, 'KWD'), false],
    ['140,000 JPY for 945 USDC (≈ 945.68 USD; 945 USD)', usd1000, usdcDeal(945n, 14_000_000n, 'JPY'), false],
    ['exactly 1000 USD both ways is not above', usd1000, usdcDeal(1000n, 100_000n, 'USD'), false],
    ['exactly 1000 USD in XTS (2000.00 at 2 per USD) is not above', usd1000, usdcDeal(1000n, 200_000n, 'XTS'), false],
    ['one cent of XTS more is', usd1000, usdcDeal(1000n, 200_001n, 'XTS'), true],
    // in another threshold currency: 1,100 USDC ≈ 998.29 EUR, 1,102 USDC ≈ 1,000.11 EUR
    ['1,100 USD for 1,100 USDC vs 1000 EUR', eur1000, usdcDeal(1100n, 110_000n, 'USD'), false],
    ['1,102 USD for 1,102 USDC vs 1000 EUR', eur1000, usdcDeal(1102n, 110_200n, 'USD'), true],
    ['1,102 USDC priced at 1 EUR vs 1000 EUR: the tokens are above', eur1000, usdcDeal(1102n, 100n, 'EUR'), true],
    ['a lower-case code is the same currency', usd1000, usdcDeal(1n, 100_001n, 'usd'), true],
    // unpriced: the rule errs on the safe side
    ['an unpriced token, however cheap its fiat price', usd1000, { ...usdcDeal(1n, 1n, 'USD'), tokenName: 'NOPE' }, true],
    ['an unpriced deal currency', usd1000, usdcDeal(1n, 1n, 'ABC'), true],
    ['an unpriced threshold currency', { amount: '1000', currency: 'GBP' }, usdcDeal(1n, 1n, 'EUR'), true],
    ['no fiat amount', usd1000, usdcDeal(1n, null, 'USD'), true],
  ] as const)('%s → %s', async (_name, threshold, deal, expected) => {
    expect(await needsFourEyes(threshold, deal, feed)).toBe(expected);
  });

  it('needs a second admin when the feed is down, even for a small deal in the threshold’s own currency', async () => {
    expect(await needsFourEyes(usd1000, usdcDeal(1n, 100n, 'USD'), down)).toBe(true);
    expect(await needsFourEyes(usd1000, usdcDeal(1n, 100n, 'EUR'), down)).toBe(true);
  });

  it('never asks for a second admin when the rule is off', async () => {
    expect(await needsFourEyes(null, usdcDeal(10n ** 12n, 10n ** 20n, 'ABC'), down)).toBe(false);
  });
});
