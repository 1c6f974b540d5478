/** Claim Offer modal rules: amount input, Max, estimate, limits, Confirm (the price itself: deal-price.ts). */
import {
  DECIMAL_INPUT_PATTERN,
  type Decimal,
  type DecimalInput,
  compareDecimal,
  decimalToString,
  fiatAmountCents,
  formatDisplayAmount,
  isPositive,
  normalize,
  parseDecimal,
  toDecimal,
} from './money.ts';
import { AMOUNT_EXCEEDS_AVAILABLE } from './messages.ts';

/** Digits with an optional single decimal point; empty is allowed while typing. */
export const CLAIM_AMOUNT_PATTERN = DECIMAL_INPUT_PATTERN;

export type ClaimInputResult =
  | { readonly accepted: true; readonly value: string }
  /** `error` is set when the user must be told (toast); a pattern mismatch is silently ignored. */
  | { readonly accepted: false; readonly error?: string };

/**
 * Whether a keystroke's new value is accepted into the amount field. Values that break the pattern (or have
 * more fraction digits than the token supports) are ignored; values above the available amount are refused
 * with 'Amount exceeds available balance'.
 */
export function acceptClaimInput(text: string, available: DecimalInput, tokenDecimals?: number): ClaimInputResult {
  if (!CLAIM_AMOUNT_PATTERN.test(text)) return { accepted: false };
  if (!/\d/.test(text)) return { accepted: true, value: text };
  const amount = parseDecimal(text);
  if (tokenDecimals !== undefined && (text.split('.')[1]?.length ?? 0) > tokenDecimals) return { accepted: false };
  if (compareDecimal(amount, available) > 0) return { accepted: false, error: AMOUNT_EXCEEDS_AVAILABLE };
  return { accepted: true, value: text };
}

/** Max fills the whole available amount (exact). */
export function claimMaxAmount(available: DecimalInput): string {
  return decimalToString(available);
}

export interface ClaimQuoteInput {
  readonly amountText: string;
  readonly available: DecimalInput;
  readonly price: DecimalInput;
  readonly fiatCode: string;
  readonly minFiatAmount?: DecimalInput | null;
  readonly maxFiatAmount?: DecimalInput | null;
}

export interface ClaimQuote {
  /** Estimated fiat = amount × price, 2 decimals. */
  readonly estimatedFiat: string;
  /** The same estimate in cents (rounded half-up), the value limits are checked against. */
  readonly estimatedCents: bigint;
  /** 'Amount is below the minimum: …' / 'Amount is above the maximum: …', or null. */
  readonly limitError: string | null;
  readonly minHint: string | null;
  readonly maxHint: string | null;
  readonly confirmDisabled: boolean;
}

export function belowMinimumMessage(min: DecimalInput, fiat: string): string {
  return `Amount is below the minimum: ${formatDisplayAmount(min)} ${fiat}`;
}

export function aboveMaximumMessage(max: DecimalInput, fiat: string): string {
  return `Amount is above the maximum: ${formatDisplayAmount(max)} ${fiat}`;
}

export function minimumHint(min: DecimalInput, fiat: string): string {
  return `Minimum: ${formatDisplayAmount(min)} ${fiat}`;
}

export function maximumHint(max: DecimalInput, fiat: string): string {
  return `Maximum: ${formatDisplayAmount(max)} ${fiat}`;
}

function liveDecimal(value: DecimalInput): Decimal | null {
  try {
    return toDecimal(value);
  } catch {
    return null;
  }
}

function positiveOrNull(value: DecimalInput | null | undefined): Decimal | null {
  if (value === null || value === undefined) return null;
  const d = liveDecimal(value);
  return d && isPositive(d) ? d : null;
}

/**
 * The estimate and the limit rules: the minimum applies when minFiatAmount > 0, the estimate > 0 and it is
 * below the minimum; the maximum when maxFiatAmount > 0 and the estimate is above it. Confirm is disabled when
 * the amount is empty, zero or above available, or the estimate is outside the limits.
 */
export function claimQuote(input: ClaimQuoteInput): ClaimQuote {
  const min = positiveOrNull(input.minFiatAmount);
  const max = positiveOrNull(input.maxFiatAmount);
  const minHint = min ? minimumHint(min, input.fiatCode) : null;
  const maxHint = max ? maximumHint(max, input.fiatCode) : null;

  const amount =
    CLAIM_AMOUNT_PATTERN.test(input.amountText) && /\d/.test(input.amountText)
      ? normalize(parseDecimal(input.amountText))
      : null;
  const estimatedCents = amount ? fiatAmountCents(amount, input.price) : 0n;
  const estimate: Decimal = { units: estimatedCents, scale: 2 };

  let limitError: string | null = null;
  if (min && estimatedCents > 0n && compareDecimal(estimate, min) < 0) {
    limitError = belowMinimumMessage(min, input.fiatCode);
  } else if (max && compareDecimal(estimate, max) > 0) {
    limitError = aboveMaximumMessage(max, input.fiatCode);
  }

  const usable = amount !== null && isPositive(amount) && compareDecimal(amount, input.available) <= 0;
  return {
    estimatedFiat: formatDisplayAmount(estimate),
    estimatedCents,
    limitError,
    minHint,
    maxHint,
    confirmDisabled: !usable || limitError !== null,
  };
}
