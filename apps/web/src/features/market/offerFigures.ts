import type { Order } from '@jelly/contracts';
import {
  compareDecimal,
  formatAvailableAmount,
  formatOrderLimit,
  fromBaseUnits,
  isPositive,
  multiplyDecimal,
  OfferSide,
  offerSideLabel,
  roundDecimal,
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
 * The Order Limit: the offer's minimum and maximum, naming only the bounds it has; a maximum above what is left (at
 * `price`, the deal price when known) shows what is left.
 */
export function limitsLabel(
  offer: Pick<OfferView, 'amount' | 'tokenDecimal' | 'price' | 'minFiatAmount' | 'maxFiatAmount' | 'fiatCode'>,
  price: string = offer.price,
): string {
  if (!isPositive(offer.maxFiatAmount)) return formatOrderLimit(offer.minFiatAmount, null, offer.fiatCode);
  const left = roundDecimal(multiplyDecimal(availableTokens(offer), price), 2, 'down');
  const max = compareDecimal(offer.maxFiatAmount, left) < 0 ? offer.maxFiatAmount : left;
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
