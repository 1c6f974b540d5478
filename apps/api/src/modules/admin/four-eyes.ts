import { compareDecimal, isPositive, multiplyDecimal, type Decimal } from '@jelly/domain';
import type { PriceFeed } from '../prices/index.ts';
import type { FourEyesThreshold } from './admin-config.ts';

/** What the rule reads of a deal: its fiat amount in cents of its own currency. */
export interface DealFiatValue {
  fiatAmountCents: bigint | null;
  fiatCode: string;
}

/**
 * Whether resolving a deal needs a second admin: its fiat value is compared with the threshold in the threshold's
 * currency, whatever currency the deal is priced in. The price feed gives units of each currency per US dollar, so
 *
 *   value / dealPerUsd > amount / thresholdPerUsd   ⇔   value × thresholdPerUsd > amount × dealPerUsd
 *
 * (both rates positive). Rounding: none — both sides are exact decimal products compared as bigints, so a deal
 * exactly at the threshold is not above it. A deal the feed cannot value (no rate for its currency or the
 * threshold's, the feed down, no fiat amount) needs a second admin: the rule errs on the safe side.
 */
export async function needsFourEyes(threshold: FourEyesThreshold | null, deal: DealFiatValue, feed: PriceFeed): Promise<boolean> {
  if (threshold === null) return false;
  if (deal.fiatAmountCents === null) return true;
  const value: Decimal = { units: deal.fiatAmountCents, scale: 2 };
  const dealCurrency = deal.fiatCode.toUpperCase();
  if (dealCurrency === threshold.currency) return compareDecimal(value, threshold.amount) > 0;
  let rates;
  try {
    rates = await Promise.all([feed.fiatPerUsd(dealCurrency), feed.fiatPerUsd(threshold.currency)]);
  } catch {
    return true;
  }
  const [dealPerUsd, thresholdPerUsd] = rates;
  if (!dealPerUsd || !thresholdPerUsd || !isPositive(dealPerUsd.value) || !isPositive(thresholdPerUsd.value)) return true;
  return compareDecimal(multiplyDecimal(value, thresholdPerUsd.value), multiplyDecimal(threshold.amount, dealPerUsd.value)) > 0;
}
