import { baseUnitsToDecimal, compareDecimal, isPositive, multiplyDecimal, type Decimal } from '@jelly/domain';
import { marketPrice, type PriceFeed } from '../prices/index.ts';
import type { FourEyesThreshold } from './admin-config.ts';

/** What the rule reads of a deal: its fiat amount in cents of its own currency, and the tokens it escrows. */
export interface DealStake {
  fiatAmountCents: bigint | null;
  fiatCode: string;
  /** The escrowed amount in the token's base units. */
  amount: bigint;
  tokenDecimal: number;
  tokenName: string;
}

/**
 * Whether resolving a deal needs a second admin: the LARGER of two values is compared with the threshold, in the
 * threshold's currency. The deal's fiat value alone is the parties' own price, which they choose (2,000 USDC priced
 * at 0.001 USD is a 2 USD deal); the escrowed tokens' market value is what an admin's decision actually moves. A
 * value the feed cannot give (no price for the token, no rate for a currency, the feed down, no fiat amount) needs
 * a second admin: the rule errs on the safe side.
 */
export async function needsFourEyes(threshold: FourEyesThreshold | null, deal: DealStake, feed: PriceFeed): Promise<boolean> {
  if (threshold === null) return false;
  const [fiat, tokens] = await Promise.all([
    fiatAbove(threshold, deal, feed).catch(() => null),
    tokensAbove(threshold, deal, feed).catch(() => null),
  ]);
  // null: the value is unknown, so it may be above
  return fiat !== false || tokens !== false;
}

/**
 * The deal's fiat value against the threshold. The price feed gives units of each currency per US dollar, so
 *
 *   value / dealPerUsd > amount / thresholdPerUsd   ⇔   value × thresholdPerUsd > amount × dealPerUsd
 *
 * (both rates positive). Rounding: none — both sides are exact decimal products compared as bigints, so a deal
 * exactly at the threshold is not above it. Null when it cannot be valued.
 */
async function fiatAbove(threshold: FourEyesThreshold, deal: DealStake, feed: PriceFeed): Promise<boolean | null> {
  if (deal.fiatAmountCents === null) return null;
  const value: Decimal = { units: deal.fiatAmountCents, scale: 2 };
  const dealCurrency = deal.fiatCode.toUpperCase();
  if (dealCurrency === threshold.currency) return compareDecimal(value, threshold.amount) > 0;
  const [dealPerUsd, thresholdPerUsd] = await Promise.all([feed.fiatPerUsd(dealCurrency), feed.fiatPerUsd(threshold.currency)]);
  if (!dealPerUsd || !thresholdPerUsd || !isPositive(dealPerUsd.value) || !isPositive(thresholdPerUsd.value)) return null;
  return compareDecimal(multiplyDecimal(value, thresholdPerUsd.value), multiplyDecimal(threshold.amount, dealPerUsd.value)) > 0;
}

/**
 * The escrowed tokens' market value in the threshold's currency against the threshold: amount × the feed's price of
 * one token in that currency (marketPrice, the same price the market shows: 8 decimals, half-up). The product is
 * exact. Null when the feed has no price for the token or the currency.
 */
async function tokensAbove(threshold: FourEyesThreshold, deal: DealStake, feed: PriceFeed): Promise<boolean | null> {
  const market = await marketPrice(feed, deal.tokenName, threshold.currency);
  if (!market) return null;
  const value = multiplyDecimal(baseUnitsToDecimal(deal.amount, deal.tokenDecimal), market.price);
  return compareDecimal(value, threshold.amount) > 0;
}
