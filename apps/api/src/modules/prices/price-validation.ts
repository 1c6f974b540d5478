import type { PriceValidationResponse } from '@jelly/contracts';
import { AppError, notFound } from '../../errors.ts';
import { marketPrice } from './market-price.ts';
import { PriceFeedUnavailableError, type PriceFeed } from './price-feed.ts';

/** GET /platform/price-validation: the live USD price of the token and the fiat rate, for the Claim Offer estimate. */
export async function priceValidation(
  feed: PriceFeed,
  fiatCode: string,
  cryptoSymbol: string,
): Promise<PriceValidationResponse> {
  let market;
  try {
    market = await marketPrice(feed, cryptoSymbol, fiatCode);
  } catch (error) {
    if (error instanceof PriceFeedUnavailableError) throw new AppError('SERVICE_UNAVAILABLE', 'Live prices are unavailable right now.');
    throw error;
  }
  if (!market) throw notFound(`No live price for ${cryptoSymbol} in ${fiatCode}.`);
  return {
    fiatCode,
    cryptoSymbol,
    cryptoPriceUsd: market.cryptoPriceUsd,
    fiatToUsdRate: market.fiatToUsdRate,
    source: feed.source,
    asOf: market.asOf.toISOString(),
  };
}
