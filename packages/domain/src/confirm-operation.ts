/** Confirm Operation modal rules. */
import { DESCRIPTION_PREVIEW_CHARS } from './constants.ts';
import { type DecimalInput, compareDecimal, decimalToString, formatDisplayAmount, isDecimalString, isPositive } from './money.ts';
import { type Check, fail, pass } from './result.ts';

/** 'Max available: {amount}' */
export function maxAvailableMessage(orderAmount: DecimalInput): string {
  return `Max available: ${decimalToString(orderAmount)}`;
}

/** The amount must be a number above 0 and at most the order amount. */
export function checkConfirmAmount(amountText: string, orderAmount: DecimalInput): Check {
  const valid =
    isDecimalString(amountText) && isPositive(amountText) && compareDecimal(amountText, orderAmount) <= 0;
  return valid ? pass() : fail(maxAvailableMessage(orderAmount));
}

/**
 * Order Limit row with 2-decimal amounts, naming only the bounds there are (a bound of 0 or none is no bound):
 * '10.00 - 150.50 EUR', 'From 10.00 EUR', 'Up to 150.50 EUR', 'No limit'.
 */
export function formatOrderLimit(min: DecimalInput | null, max: DecimalInput | null, fiat: string): string {
  const lower = min !== null && isPositive(min) ? formatDisplayAmount(min) : null;
  const upper = max !== null && isPositive(max) ? formatDisplayAmount(max) : null;
  if (lower && upper) return `${lower} - ${upper} ${fiat}`;
  if (lower) return `From ${lower} ${fiat}`;
  if (upper) return `Up to ${upper} ${fiat}`;
  return 'No limit';
}

/** Payment Time Limit row in minutes: '30 min'. */
export function formatPaymentTimeLimit(minutes: number): string {
  return `${minutes} min`;
}

/** The collapsed description: cut at 100 characters, with '…' when something was cut. */
export function descriptionPreview(text: string, limit = DESCRIPTION_PREVIEW_CHARS): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, truncated: false };
  return { text: `${chars.slice(0, limit).join('')}…`, truncated: true };
}
