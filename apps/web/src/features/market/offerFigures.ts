import type { Order } from '@jelly/contracts';
import {
  claimPrice,
  compareDecimal,
  decimalToString,
  formatAvailableAmount,
  formatOrderLimit,
  fromBaseUnits,
  isPositive,
  multiplyDecimal,
  OfferSide,
  offerSideLabel,
  parseDecimal,
  roundDecimal,
  type ClaimPrice,
  type PriceValidation,
} from '@jelly/domain';

/** The fields of an offer the market screens read (a market row or GET /orders/{id}). */
export type OfferView = Pick<
  Order,
  | 'orderId'
  | 'creatorWallet'
  | 'tokenMint'
  | 'tokenName'
  | 'tokenDecimal'
  | 'amount'
  | 'totalAmount'
  | 'price'
  | 'priceType'
  | 'premiumPercent'
  | 'minFiatAmount'
  | 'maxFiatAmount'
  | 'fiatCode'
  | 'offerSide'
  | 'status'
  | 'paymentMethods'
  | 'paymentWindowMinutes'
  | 'visibleInCountries'
  | 'orderDescription'
>;

/** Still available, in whole tokens (exact decimal string). */
export function availableTokens(offer: Pick<OfferView, 'amount' | 'tokenDecimal'>): string {
  return fromBaseUnits(BigInt(offer.amount), offer.tokenDecimal);
}

/** Available as displayed: 2 to 4 decimals, rounded down. */
export function availableLabel(offer: Pick<OfferView, 'amount' | 'tokenDecimal'>): string {
  return formatAvailableAmount(availableTokens(offer));
}

/**
 * The limits a claim can use now: the offer's minimum, and its maximum or, when it has none (0) or it is above
 * what is left, the value of the available amount at the listed price.
 */
export function limitsLabel(offer: Pick<OfferView, 'amount' | 'tokenDecimal' | 'price' | 'minFiatAmount' | 'maxFiatAmount' | 'fiatCode'>): string {
  const left = roundDecimal(multiplyDecimal(availableTokens(offer), offer.price), 2, 'down');
  const max = isPositive(offer.maxFiatAmount) && compareDecimal(offer.maxFiatAmount, left) < 0 ? offer.maxFiatAmount : left;
  return formatOrderLimit(offer.minFiatAmount, max, offer.fiatCode);
}

/** What the visitor does with an offer: a Sell offer is bought, a Buy offer is sold to. */
export function visitorSide(offer: Pick<OfferView, 'offerSide'>): OfferSide {
  return offer.offerSide === OfferSide.Sell ? OfferSide.Buy : OfferSide.Sell;
}

/** The row button and the Confirm Operation Type: 'Buy' or 'Sell', from the visitor's point of view. */
export function visitorActionLabel(offer: Pick<OfferView, 'offerSide'>): 'Buy' | 'Sell' {
  return offerSideLabel(visitorSide(offer));
}

/** A price moved by a premium in percent (may be negative): price × (100 + premium) / 100, exact. */
export function applyPremium(price: string, premiumPercent: string): string {
  const negative = premiumPercent.startsWith('-');
  const p = parseDecimal(negative ? premiumPercent.slice(1) : premiumPercent);
  const hundred = 100n * 10n ** BigInt(p.scale);
  const factor = { units: negative ? hundred - p.units : hundred + p.units, scale: p.scale + 2 };
  if (factor.units <= 0n) return '0';
  return decimalToString(multiplyDecimal(price, factor));
}

/**
 * The claim price: the live market price (cryptoPriceUsd × fiatToUsdRate) when the lookup
 * answered for this pair, else the listed price with the note. A floating offer follows the market with its
 * premium, so its live price carries the premium too.
 */
export function offerClaimPrice(offer: Pick<OfferView, 'price' | 'fiatCode' | 'tokenName' | 'priceType' | 'premiumPercent'>, validation: PriceValidation | null | undefined): ClaimPrice {
  const base = claimPrice({ listedPrice: offer.price, fiatCode: offer.fiatCode, cryptoSymbol: offer.tokenName, validation });
  if (base.live && offer.priceType === 'floating' && offer.premiumPercent) {
    return { ...base, price: applyPremium(base.price, offer.premiumPercent) };
  }
  return base;
}
