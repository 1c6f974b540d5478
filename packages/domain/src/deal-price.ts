/**
 * The one price a deal on an offer is made at. The Claim Offer estimate and the server's claim both call
 * `dealPrice`, so the fiat a trader is shown before claiming is the fiat the deal asks, to the cent:
 * - a fixed-price offer is priced at its listed price, whatever the market does;
 * - a floating offer at the live market price × (1 + premium / 100), 8 decimals half-up, frozen on the deal when
 *   it is created; without a live price, at its listed price (the last one the server refreshed).
 */
import { type DecimalInput, decimalToString, formatDecimal, isPositive, multiplyDecimal, parseDecimal, roundDecimal, toDecimal } from './money.ts';

/** Decimals kept for computed prices (live market prices, floating offers). */
export const PRICE_DECIMALS = 8;

export type PriceType = 'fixed' | 'floating';

/** GET /platform/price-validation response (numbers may arrive as strings or numbers). */
export interface PriceValidation {
  readonly fiatCode: string;
  readonly cryptoSymbol: string;
  readonly cryptoPriceUsd: number | string;
  readonly fiatToUsdRate: number | string;
}

/** The offer fields its deal price depends on. */
export interface PricedOffer {
  /** The listed price: the fixed price, or a floating offer's last refreshed one. */
  readonly price: string;
  /** 'fixed' or 'floating'; anything but 'floating' is priced as listed. */
  readonly priceType: PriceType | (string & {});
  readonly premiumPercent: string | null;
}

export interface DealPrice {
  /** Fiat per whole token, exact decimal string: the price the deal is created at. */
  readonly price: string;
  /** Taken from the live market (a floating offer with a live price). */
  readonly live: boolean;
  /** A floating offer fell back to its listed price: show 'Live price unavailable — using listed price'. */
  readonly showListedPriceNote: boolean;
}

function positiveDecimal(value: DecimalInput): ReturnType<typeof toDecimal> | null {
  try {
    const d = toDecimal(value);
    return isPositive(d) ? d : null;
  } catch {
    return null;
  }
}

/** A deal price as shown: at least 2 decimals and every digit it has (up to 8), so price × amount is the total shown. */
export function formatDealPrice(price: DecimalInput): string {
  return formatDecimal(price, { minFractionDigits: 2, maxFractionDigits: PRICE_DECIMALS });
}

/** Fiat per whole token = cryptoPriceUsd × fiatToUsdRate, 8 decimals half-up; null unless both are above 0. */
export function marketPriceFromUsd(cryptoPriceUsd: DecimalInput, fiatToUsdRate: DecimalInput): string | null {
  const usd = positiveDecimal(cryptoPriceUsd);
  const rate = positiveDecimal(fiatToUsdRate);
  if (!usd || !rate) return null;
  return decimalToString(roundDecimal(multiplyDecimal(usd, rate), PRICE_DECIMALS, 'half-up'));
}

/**
 * market × (100 + premium) / 100, 8 decimals half-up, done exactly with a scale shift. Premium may be negative;
 * null when it is not a number or leaves no positive price (−100% or below).
 */
export function floatingPrice(market: DecimalInput, premiumPercent: string): string | null {
  const negative = premiumPercent.startsWith('-');
  const magnitude = negative ? premiumPercent.slice(1) : premiumPercent;
  if (!/^\d+(\.\d+)?$/.test(magnitude)) return null;
  const premium = parseDecimal(magnitude);
  const hundred = 100n * 10n ** BigInt(premium.scale);
  const factor = { units: negative ? hundred - premium.units : hundred + premium.units, scale: premium.scale + 2 };
  if (factor.units <= 0n) return null;
  return decimalToString(roundDecimal(multiplyDecimal(market, factor), PRICE_DECIMALS, 'half-up'));
}

/**
 * The deal price of an offer. `market` is the live market price (fiat per token), null when the feed has none or
 * is down, undefined while it is still being looked up (no note yet).
 */
export function dealPrice(offer: PricedOffer, market: string | null | undefined): DealPrice {
  const listed = { price: decimalToString(offer.price), live: false, showListedPriceNote: false };
  if (offer.priceType !== 'floating' || offer.premiumPercent === null) return listed;
  const floating = market ? floatingPrice(market, offer.premiumPercent) : null;
  if (floating) return { price: floating, live: true, showListedPriceNote: false };
  return { ...listed, showListedPriceNote: market !== undefined };
}

/**
 * The live market price in a GET /platform/price-validation answer, when it is for this pair (codes compare
 * case-insensitively) and both figures are above 0; null otherwise, undefined while not loaded.
 */
export function validatedMarketPrice(
  validation: PriceValidation | null | undefined,
  fiatCode: string,
  cryptoSymbol: string,
): string | null | undefined {
  if (validation === undefined) return undefined;
  if (!validation) return null;
  const matches =
    validation.fiatCode.toUpperCase() === fiatCode.toUpperCase() &&
    validation.cryptoSymbol.toUpperCase() === cryptoSymbol.toUpperCase();
  return matches ? marketPriceFromUsd(validation.cryptoPriceUsd, validation.fiatToUsdRate) : null;
}

/** The deal price the Claim Offer modal shows, from the offer and its price lookup (the server's rule, same code). */
export function offerDealPrice(
  offer: PricedOffer & { readonly fiatCode: string; readonly tokenName: string },
  validation: PriceValidation | null | undefined,
): DealPrice {
  return dealPrice(offer, validatedMarketPrice(validation, offer.fiatCode, offer.tokenName));
}
