/**
 * The desk's firm quote, in exact integers.
 *
 * Rounding, stated once: every division rounds in the desk's favour — what the user receives rounds DOWN, what the
 * spread adds (confidence widening) rounds UP, and the limits compare exact values. The user never gets a base unit
 * the prices do not cover.
 *
 * out_mid  = inAmount × inUsd / outUsd × 10^(outDecimals − inDecimals)      (the feed's mid price)
 * feeBps   = spreadBps + ⌈inConf / inUsd × 10⁴⌉ + ⌈outConf / outUsd × 10⁴⌉  (a wider spread when the feed is unsure)
 * outAmount = ⌊out_mid × (10⁴ − feeBps) / 10⁴⌋
 */
import { parseDecimal, type Decimal } from './money.ts';
import type { SwapRefusalReason } from './swap-messages.ts';

const BPS = 10_000n;

export interface SwapPriceInput {
  /** USD per whole token, decimal string. */
  usd: string;
  /** The feed's confidence interval (±, USD), when it gives one. */
  confidence?: string | undefined;
  decimals: number;
}

export interface SwapQuoteLimits {
  spreadBps: number;
  /** Smallest and largest swap, in USD of what the user sends (decimal strings). */
  minUsd: string;
  maxUsd: string;
  /** At most this share (bps) of the desk's balance of the output token goes out in one swap. */
  maxInventoryShareBps: number;
  /** Refuse when the widened spread exceeds this (a feed too unsure to quote from). */
  maxFeeBps: number;
}

export interface SwapQuoteInput {
  inAmount: bigint;
  input: SwapPriceInput;
  output: SwapPriceInput;
  /** The desk's live balance of the output token (base units). */
  deskOutputBalance: bigint;
  limits: SwapQuoteLimits;
}

export interface SwapQuoteMaths {
  outAmount: bigint;
  /** What the user would receive at the mid price, rounded down. */
  midOutAmount: bigint;
  /** midOutAmount − outAmount: the desk's fee in output base units. */
  feeAmount: bigint;
  feeBps: number;
}

export type SwapQuoteResult = { ok: true; value: SwapQuoteMaths } | { ok: false; reason: SwapRefusalReason };

/** a/b rounded up, for positive b. */
const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

type Fraction = { num: bigint; den: bigint };

/** The decimal string's value as a fraction num/den (each price is read once per quote, then only multiplied). */
const fraction = (text: string): Fraction => {
  const d: Decimal = parseDecimal(text);
  return { num: d.units, den: 10n ** BigInt(d.scale) };
};

/** The spread a confidence adds to a price read already: ⌈conf / price × 10⁴⌉ in bps; 0 without a confidence or a price. */
function widening(price: Fraction, confidence: string | undefined): number {
  if (!confidence) return 0;
  const c = fraction(confidence);
  return price.num === 0n ? 0 : Number(ceilDiv(c.num * price.den * BPS, c.den * price.num));
}

/** ⌈conf / price × 10⁴⌉ in bps; 0 without a confidence. */
export function confidenceBps(price: string, confidence: string | undefined): number {
  return confidence ? widening(fraction(price), confidence) : 0;
}

/** Whether num/den compares to the decimal `limit` as asked: -1 below, 0 equal, 1 above. */
function compareFraction(value: Fraction, limit: string): -1 | 0 | 1 {
  const l = fraction(limit);
  const left = value.num * l.den;
  const right = l.num * value.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** out_mid = inAmount × (inUsd / outUsd) × 10^outDec / 10^inDec as one fraction (divided once, by the caller). */
function midOutFraction(inAmount: bigint, inPrice: Fraction, inDecimals: number, outPrice: Fraction, outDecimals: number): Fraction {
  return {
    num: inAmount * inPrice.num * outPrice.den * 10n ** BigInt(outDecimals),
    den: inPrice.den * outPrice.num * 10n ** BigInt(inDecimals),
  };
}

/** What `inAmount` buys at the feed's mid price, rounded down (0 when a price is 0). */
export function swapMidOut(inAmount: bigint, input: SwapPriceInput, output: SwapPriceInput): bigint {
  const { num, den } = midOutFraction(inAmount, fraction(input.usd), input.decimals, fraction(output.usd), output.decimals);
  return den === 0n ? 0n : num / den;
}

/** The firm quote for selling `inAmount` of the input token to the desk, or the reason the desk refuses. */
export function quoteSwap(q: SwapQuoteInput): SwapQuoteResult {
  const inPrice = fraction(q.input.usd);
  const outPrice = fraction(q.output.usd);
  if (inPrice.num <= 0n || outPrice.num <= 0n) return { ok: false, reason: 'price_unavailable' };

  // what the user sends, in USD
  const value = { num: q.inAmount * inPrice.num, den: inPrice.den * 10n ** BigInt(q.input.decimals) };
  if (compareFraction(value, q.limits.minUsd) < 0) return { ok: false, reason: 'below_minimum' };
  if (compareFraction(value, q.limits.maxUsd) > 0) return { ok: false, reason: 'above_maximum' };

  const feeBps = q.limits.spreadBps + widening(inPrice, q.input.confidence) + widening(outPrice, q.output.confidence);
  if (feeBps > q.limits.maxFeeBps || feeBps >= 10_000) return { ok: false, reason: 'price_unavailable' };

  const { num, den } = midOutFraction(q.inAmount, inPrice, q.input.decimals, outPrice, q.output.decimals);
  const midOutAmount = num / den;
  const outAmount = (num * (BPS - BigInt(feeBps))) / (den * BPS);
  if (outAmount <= 0n) return { ok: false, reason: 'below_minimum' };
  if (outAmount * BPS > q.deskOutputBalance * BigInt(q.limits.maxInventoryShareBps)) {
    return { ok: false, reason: 'desk_inventory_short' };
  }
  return { ok: true, value: { outAmount, midOutAmount, feeAmount: midOutAmount - outAmount, feeBps } };
}

/** Output per input in whole tokens, rounded down to `digits` decimals (the rate shown with the quote). */
export function swapRate(inAmount: bigint, inDecimals: number, outAmount: bigint, outDecimals: number, digits = 9): string {
  if (inAmount <= 0n) return '0';
  const scaled = (outAmount * 10n ** BigInt(inDecimals + digits)) / (inAmount * 10n ** BigInt(outDecimals));
  const text = scaled.toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const frac = text.slice(text.length - digits).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/**
 * Whether the price moved beyond the band since the quote: the output the same input buys at today's mid price
 * differs from the quote's mid output by more than `bandBps` (either way: a desk that gains from a move still
 * refuses, so neither side is held to a stale price).
 */
export function priceMovedBeyondBand(quotedMidOut: bigint, currentMidOut: bigint, bandBps: number): boolean {
  if (quotedMidOut <= 0n) return true;
  const diff = quotedMidOut > currentMidOut ? quotedMidOut - currentMidOut : currentMidOut - quotedMidOut;
  return diff * BPS > quotedMidOut * BigInt(bandBps);
}
