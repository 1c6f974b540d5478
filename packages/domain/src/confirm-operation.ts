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

/** Order Limit row: '{min} - {max} {fiat}' with 2-decimal amounts. */
export function formatOrderLimit(min: DecimalInput, max: DecimalInput, fiat: string): string {
  return `${formatDisplayAmount(min)} - ${formatDisplayAmount(max)} ${fiat}`;
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
