import { PRICE_DECIMALS, floatingPrice as domainFloatingPrice, marketPriceFromUsd } from '@jelly/domain';
import type { PriceFeed } from './price-feed.ts';

export { PRICE_DECIMALS };

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
  // The same rounding the Claim Offer estimate applies to GET /platform/price-validation (domain deal-price).
  const price = marketPriceFromUsd(usd.value, rate.value);
  if (!price) return null;
  return {
    cryptoPriceUsd: usd.value,
    fiatToUsdRate: rate.value,
    price,
    asOf: new Date(Math.min(usd.asOf.getTime(), rate.asOf.getTime())),
  };
}

/** A floating offer's price: market × (1 + premium / 100), 8 decimals, half-up. Premium may be negative (above −100). */
export function floatingPrice(market: string, premiumPercent: string): string {
  const price = domainFloatingPrice(market, premiumPercent);
  if (price === null) throw new RangeError(`No positive price at a premium of ${premiumPercent}%`);
  return price;
}
