/**
 * Create-order (/p2p) form rules: the
 * checks a P2P market needs so that every offer can actually be claimed: a positive price and amount that the
 * token can represent, limits that fit inside the order's total value, 1–5 payment methods and a sane payment
 * window. Web shows the messages per field; the api runs the same function before inserting.
 */
import { MAX_PAYMENT_METHODS } from './constants.ts';
import {
  DecimalError,
  type Decimal,
  compareDecimal,
  formatDisplayAmount,
  isDecimalString,
  isPositive,
  multiplyDecimal,
  parseDecimal,
  toBaseUnits,
} from './money.ts';

export const MIN_PAYMENT_WINDOW_MINUTES = 1;
export const MAX_PAYMENT_WINDOW_MINUTES = 1440;

export const PLACE_ORDER_MESSAGES = {
  asset: 'Select an asset',
  fiat: 'Select a currency',
  price: 'Enter a price above 0',
  totalAmount: 'Enter an amount above 0',
  limit: 'Enter a limit of 0 or more',
  minAboveMax: 'The minimum limit cannot be above the maximum limit',
  paymentMethods: 'Select at least one payment method',
  tooManyPaymentMethods: `Select at most ${MAX_PAYMENT_METHODS} payment methods`,
  paymentWindow: `Payment time limit must be ${MIN_PAYMENT_WINDOW_MINUTES} to ${MAX_PAYMENT_WINDOW_MINUTES} minutes`,
} as const;

/** 'The minimum limit cannot exceed the order total: {total} {fiat}' (and the same for the maximum). */
export function limitAboveTotalMessage(which: 'minimum' | 'maximum', total: Decimal, fiat: string): string {
  return `The ${which} limit cannot exceed the order total: ${formatDisplayAmount(total)} ${fiat}`;
}

export interface PlaceOrderInput {
  /** Token decimals of the chosen asset, or null when no asset is chosen. */
  readonly tokenDecimals: number | null;
  readonly fiatCode: string | null;
  readonly price: string;
  readonly totalAmount: string;
  /** '' or '0' = no limit. */
  readonly fiatMin: string;
  readonly fiatMax: string;
  readonly paymentMethodCount: number;
  readonly paymentTimeLimit: number;
}

export type PlaceOrderField =
  | 'asset'
  | 'fiat'
  | 'price'
  | 'totalAmount'
  | 'fiatMin'
  | 'fiatMax'
  | 'paymentMethods'
  | 'paymentTimeLimit';

export type PlaceOrderErrors = Partial<Record<PlaceOrderField, string>>;

function positive(text: string): Decimal | null {
  return isDecimalString(text) && isPositive(text) ? parseDecimal(text) : null;
}

/** A limit: '' means none (0); otherwise a non-negative decimal, or undefined when unreadable. */
function limit(text: string): Decimal | undefined {
  if (text === '') return { units: 0n, scale: 0 };
  return isDecimalString(text) ? parseDecimal(text) : undefined;
}

/** Field → message for every broken rule; an empty object means the draft can be submitted. */
export function placeOrderErrors(input: PlaceOrderInput): PlaceOrderErrors {
  const errors: PlaceOrderErrors = {};
  if (input.tokenDecimals === null) errors.asset = PLACE_ORDER_MESSAGES.asset;
  if (!input.fiatCode) errors.fiat = PLACE_ORDER_MESSAGES.fiat;

  const price = positive(input.price);
  if (!price) errors.price = PLACE_ORDER_MESSAGES.price;

  const amount = positive(input.totalAmount);
  if (!amount) errors.totalAmount = PLACE_ORDER_MESSAGES.totalAmount;
  else if (input.tokenDecimals !== null) {
    try {
      toBaseUnits(amount, input.tokenDecimals);
    } catch (e) {
      if (!(e instanceof DecimalError)) throw e;
      errors.totalAmount = e.message;
    }
  }

  const min = limit(input.fiatMin);
  const max = limit(input.fiatMax);
  if (!min) errors.fiatMin = PLACE_ORDER_MESSAGES.limit;
  if (!max) errors.fiatMax = PLACE_ORDER_MESSAGES.limit;
  if (min && max && isPositive(min) && isPositive(max) && compareDecimal(min, max) > 0) {
    errors.fiatMin = PLACE_ORDER_MESSAGES.minAboveMax;
  }
  if (price && amount && input.fiatCode) {
    const total = multiplyDecimal(amount, price);
    if (min && !errors.fiatMin && compareDecimal(min, total) > 0) {
      errors.fiatMin = limitAboveTotalMessage('minimum', total, input.fiatCode);
    }
    if (max && compareDecimal(max, total) > 0) errors.fiatMax = limitAboveTotalMessage('maximum', total, input.fiatCode);
  }

  if (input.paymentMethodCount < 1) errors.paymentMethods = PLACE_ORDER_MESSAGES.paymentMethods;
  else if (input.paymentMethodCount > MAX_PAYMENT_METHODS) errors.paymentMethods = PLACE_ORDER_MESSAGES.tooManyPaymentMethods;

  const window = input.paymentTimeLimit;
  if (!Number.isInteger(window) || window < MIN_PAYMENT_WINDOW_MINUTES || window > MAX_PAYMENT_WINDOW_MINUTES) {
    errors.paymentTimeLimit = PLACE_ORDER_MESSAGES.paymentWindow;
  }
  return errors;
}
