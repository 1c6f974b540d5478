import { decimalToString, multiplyDecimal, parseDecimal, roundDecimal } from '@jelly/domain';
import type { PriceFeed } from './price-feed.ts';

/** Decimals kept for computed prices (floating offers, live market prices). */
export const PRICE_DECIMALS = 8;

export interface MarketPrice {
  cryptoPriceUsd: string;
  fiatToUsdRate: string;
  /** cryptoPriceUsd × fiatToUsdRate: fiat per whole token. */
  price: string;
  asOf: Date;
}

/** Fiat per token from the feed; null when the feed has no price for the token or the currency. */
export async function marketPrice(feed: PriceFeed, symbol: string, fiatCode: string): Promise<MarketPrice | null> {
  const [usd, rate] = await Promise.all([feed.cryptoUsd(symbol), feed.fiatPerUsd(fiatCode)]);
  if (!usd || !rate) return null;
  const price = decimalToString(roundDecimal(multiplyDecimal(usd.value, rate.value), PRICE_DECIMALS, 'half-up'));
  return {
    cryptoPriceUsd: usd.value,
    fiatToUsdRate: rate.value,
    price,
    asOf: new Date(Math.min(usd.asOf.getTime(), rate.asOf.getTime())),
  };
}

/** A floating offer's price: market × (1 + premium / 100), 8 decimals, half-up. Premium may be negative. */
export function floatingPrice(market: string, premiumPercent: string): string {
  const negative = premiumPercent.startsWith('-');
  const premium = parseDecimal(negative ? premiumPercent.slice(1) : premiumPercent);
  // factor = (100 ± premium) / 100, done exactly with a scale shift.
  const hundred = { units: 100n * 10n ** BigInt(premium.scale), scale: premium.scale };
  const factorUnits = negative ? hundred.units - premium.units : hundred.units + premium.units;
  const factor = { units: factorUnits, scale: premium.scale + 2 };
  return decimalToString(roundDecimal(multiplyDecimal(market, factor), PRICE_DECIMALS, 'half-up'));
}
