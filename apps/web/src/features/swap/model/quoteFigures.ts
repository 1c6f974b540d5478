import type { Coin, SwapQuote } from '@jelly/contracts';
import { formatDecimal, fromBaseUnits, numberToDecimal } from '@jelly/domain';

/** Base units exactly as the page shows them, to the last base unit: '0.1523 SOL', '25.00 USDT'. */
export function shownAmount(units: string | bigint, coin: Pick<Coin, 'decimals' | 'symbol'>): string {
  return `${exactAmount(units, coin.decimals)} ${coin.symbol}`;
}

export function exactAmount(units: string | bigint, decimals: number): string {
  return formatDecimal(fromBaseUnits(BigInt(units), decimals), { minFractionDigits: Math.min(2, decimals), maxFractionDigits: decimals, grouping: true });
}

/**
 * The rate both ways from the quote's own amounts (what the user really gets for what they pay), to 6 significant
 * digits: the figures are for reading; the amounts above them are exact.
 */
export function quoteRates(quote: Pick<SwapQuote, 'inAmount' | 'outAmount'>, input: Coin, output: Coin): { forward: string; backward: string } | null {
  const paid = Number(fromBaseUnits(BigInt(quote.inAmount), input.decimals));
  const got = Number(fromBaseUnits(BigInt(quote.outAmount), output.decimals));
  if (!(paid > 0) || !(got > 0)) return null;
  const digits = (value: number) => formatDecimal(numberToDecimal(Number(value.toPrecision(6))), { maxFractionDigits: 12, grouping: true });
  return {
    forward: `1 ${input.symbol} = ${digits(got / paid)} ${output.symbol}`,
    backward: `1 ${output.symbol} = ${digits(paid / got)} ${input.symbol}`,
  };
}

/**
 * Where the quote's price comes from, as a user can believe it: the embedded setup's fixed table is a demo table with no
 * age worth showing (its date is the day it was captured); a live feed shows how old its price is, measured on the
 * server's clock (publishedAtMs from quoteClock).
 */
export function priceSourceText(source: SwapQuote['source'], publishedAtMs: number, now: Date): string {
  if (source === 'bundled') return 'Demo price table';
  return `${source === 'pyth' ? 'Pyth' : 'Jupiter'} · ${priceAge(publishedAtMs, now)}`;
}

/** How old the price is: '4 s old', '2 min old'. */
export function priceAge(publishedAtMs: number, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - publishedAtMs) / 1000));
  return seconds < 120 ? `${seconds} s old` : `${Math.round(seconds / 60)} min old`;
}
