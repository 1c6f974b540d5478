import { offerDealPrice, type DealPrice } from '@jelly/domain';
import { usePriceValidationQuery } from '../api/marketApi.ts';
import type { OfferView } from '../offerFigures.ts';

/**
 * The price a claim on this offer is made at (domain offerDealPrice, the server's rule): the listed price of a fixed
 * offer, or a floating offer's live price with its premium. Claim Offer and Confirm Operation read the same cached
 * lookup, so both show the same price; only floating offers look the live price up.
 */
export function useDealPrice(
  offer: Pick<OfferView, 'price' | 'priceType' | 'premiumPercent' | 'fiatCode' | 'tokenName'>,
): DealPrice & { refreshing: boolean } {
  const floating = offer.priceType === 'floating';
  const { data, isLoading, isFetching } = usePriceValidationQuery(
    { fiatCode: offer.fiatCode, cryptoSymbol: offer.tokenName },
    { skip: !floating },
  );
  const price = offerDealPrice(offer, floating && isLoading ? undefined : (data ?? null));
  return { ...price, refreshing: floating && isFetching };
}
