/**
 * Exact decimal money maths on bigint (no floating point in deal maths).
 *
 * A `Decimal` is `units / 10^scale`. Wire values are decimal strings; token amounts become integer base units
 * (amount × 10^decimals) and fiat amounts integer cents (amount × price × 100, rounded half-up).
 *
 * Display rounding (decided here, used by every screen):
 * - amounts and prices: exactly 2 decimals, rounded half-up (`formatDisplayAmount`);
 * - available amounts: 2 to 4 decimals, rounded DOWN, so the figure shown never exceeds what can really be
 *   claimed (`formatAvailableAmount`); Max still uses the exact available amount.
 */

export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

export class DecimalError extends Error {
  override readonly name = 'DecimalError';
}

export type Rounding = 'half-up' | 'down';

/** Longest decimal string accepted (guards BigInt parsing against absurd input). */
export const MAX_DECIMAL_LENGTH = 80;
/** Largest token `decimals` accepted (SPL mints use a u8; real mints stay far below this). */
export const MAX_TOKEN_DECIMALS = 30;

const DECIMAL_TEXT = /^(\d*)(?:\.(\d*))?$/;

/** What amount and price inputs accept while typing: digits with an optional single decimal point (or empty). */
export const DECIMAL_INPUT_PATTERN = /^\d*\.?\d*$/;
const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/**
 * True for a non-negative plain decimal: digits with an optional single decimal point ('12', '12.5', '0.001',
 * also '12.' and '.5'). No sign, exponent, spaces or separators.
 */
export function isDecimalString(text: string): boolean {
  const m = DECIMAL_TEXT.exec(text);
  return !!m && text.length <= MAX_DECIMAL_LENGTH && /\d/.test(text);
}

/** Parses a non-negative decimal string exactly. Throws DecimalError with a clear message otherwise. */
export function parseDecimal(text: string): Decimal {
  if (typeof text !== 'string') throw new DecimalError('Amount must be a decimal string');
  if (text.startsWith('-')) throw new DecimalError('Amount must not be negative');
  if (text.length > MAX_DECIMAL_LENGTH) throw new DecimalError('Amount has too many digits');
  const m = DECIMAL_TEXT.exec(text);
  if (!m || !/\d/.test(text)) throw new DecimalError(`Invalid amount: "${text}"`);
  const whole = m[1] ?? '';
  const fraction = m[2] ?? '';
  return { units: BigInt(whole + fraction || '0'), scale: fraction.length };
}

/** Converts a finite JS number (as the price feed sends them) to an exact Decimal of its shortest decimal form. */
export function numberToDecimal(value: number): Decimal {
  if (!Number.isFinite(value)) throw new DecimalError('Number must be finite');
  const m = NUMBER_TEXT.exec(String(value));
  if (!m) throw new DecimalError(`Cannot read number ${String(value)}`);
  const sign = m[1] === '-' ? -1n : 1n;
  const digits = (m[2] ?? '') + (m[3] ?? '');
  const exponent = Number(m[4] ?? 0) - (m[3] ?? '').length;
  const units = BigInt(digits) * sign;
  return exponent >= 0 ? { units: units * pow10(exponent), scale: 0 } : normalize({ units, scale: -exponent });
}

export type DecimalInput = Decimal | string | number;

export function toDecimal(value: DecimalInput): Decimal {
  if (typeof value === 'string') return parseDecimal(value);
  if (typeof value === 'number') return numberToDecimal(value);
  return value;
}

/** Drops trailing fraction zeros: 1.500 → 1.5. */
export function normalize(d: Decimal): Decimal {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}

function rescale(d: Decimal, scale: number): bigint {
  return d.units * pow10(scale - d.scale);
}

export function compareDecimal(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  const x = toDecimal(a);
  const y = toDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  const l = rescale(x, scale);
  const r = rescale(y, scale);
  return l < r ? -1 : l > r ? 1 : 0;
}

export function multiplyDecimal(a: DecimalInput, b: DecimalInput): Decimal {
  const x = toDecimal(a);
  const y = toDecimal(b);
  return { units: x.units * y.units, scale: x.scale + y.scale };
}

export function isPositive(value: DecimalInput): boolean {
  return toDecimal(value).units > 0n;
}

/** Rounds to exactly `digits` fraction digits (the result's scale is `digits`). 'down' rounds toward zero. */
export function roundDecimal(value: DecimalInput, digits: number, rounding: Rounding): Decimal {
  const d = toDecimal(value);
  if (d.scale <= digits) return { units: rescale(d, digits), scale: digits };
  const divisor = pow10(d.scale - digits);
  let q = d.units / divisor;
  const r = d.units % divisor;
  const absR = r < 0n ? -r : r;
  if (rounding === 'half-up' && absR * 2n >= divisor) q += d.units < 0n ? -1n : 1n;
  return { units: q, scale: digits };
}

/** Exact decimal text, trailing zeros dropped: 1.50 → '1.5', 100 → '100'. */
export function decimalToString(value: DecimalInput): string {
  const d = normalize(toDecimal(value));
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = digits.slice(digits.length - d.scale);
  return (negative ? '-' : '') + whole + (fraction ? `.${fraction}` : '');
}

function validateTokenDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_TOKEN_DECIMALS) {
    throw new DecimalError(`Token decimals must be an integer from 0 to ${MAX_TOKEN_DECIMALS}`);
  }
}

/** Token amount in base units = amount × 10^decimals. Rejects more fraction digits than the token has. */
export function toBaseUnits(amount: DecimalInput, decimals: number): bigint {
  validateTokenDecimals(decimals);
  const d = normalize(toDecimal(amount));
  if (d.units < 0n) throw new DecimalError('Amount must not be negative');
  if (d.scale > decimals) throw new DecimalError(`Too many decimal places: at most ${decimals}`);
  return rescale(d, decimals);
}

/** Base units as a Decimal in token units. */
export function baseUnitsToDecimal(units: bigint, decimals: number): Decimal {
  validateTokenDecimals(decimals);
  return { units, scale: decimals };
}

/** Base units back to an exact decimal string in token units: (1500000n, 6) → '1.5'. */
export function fromBaseUnits(units: bigint, decimals: number): string {
  return decimalToString(baseUnitsToDecimal(units, decimals));
}

/** Fiat amount in cents = amount × price × 100, rounded half-up. */
export function fiatAmountCents(amount: DecimalInput, price: DecimalInput): bigint {
  return roundDecimal(multiplyDecimal(amount, price), 2, 'half-up').units;
}

/** Fiat cents for a token amount given in base units. */
export function fiatCentsForBaseUnits(units: bigint, decimals: number, price: DecimalInput): bigint {
  return fiatAmountCents(baseUnitsToDecimal(units, decimals), price);
}

export interface FormatOptions {
  readonly minFractionDigits?: number;
  readonly maxFractionDigits: number;
  readonly rounding?: Rounding;
  /** Group thousands with ',' (e.g. 108,536). */
  readonly grouping?: boolean;
}

/** Rounds to maxFractionDigits, then trims trailing zeros down to minFractionDigits. */
export function formatDecimal(value: DecimalInput, options: FormatOptions): string {
  const { minFractionDigits = 0, maxFractionDigits, rounding = 'half-up', grouping = false } = options;
  const rounded = roundDecimal(value, maxFractionDigits, rounding);
  const text = decimalToString(rounded);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const shownWhole = grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  const shownFraction = fraction.padEnd(minFractionDigits, '0');
  const sign = negative && /[1-9]/.test(whole + shownFraction) ? '-' : '';
  return sign + shownWhole + (shownFraction ? `.${shownFraction}` : '');
}

/** Amounts, prices and fiat estimates: exactly 2 decimals, half-up. */
export function formatDisplayAmount(value: DecimalInput): string {
  return formatDecimal(value, { minFractionDigits: 2, maxFractionDigits: 2, rounding: 'half-up' });
}

/** Available amounts: 2 to 4 decimals, rounded down so the shown figure is never more than is available. */
export function formatAvailableAmount(value: DecimalInput): string {
  return formatDecimal(value, { minFractionDigits: 2, maxFractionDigits: 4, rounding: 'down' });
}

/** Cents as a 2-decimal fiat string: 12345n → '123.45'. */
export function formatCents(cents: bigint, grouping = false): string {
  return formatDecimal({ units: cents, scale: 2 }, { minFractionDigits: 2, maxFractionDigits: 2, grouping });
}

export interface DealAmounts {
  /** crypto_amount: token base units. */
  readonly cryptoAmount: bigint;
  /** fiat_amount: cents, amount × price × 100 rounded half-up. */
  readonly fiatAmount: bigint;
}

/** The two amounts of accept_offer_and_lock / create-order for a token amount at a fiat price. */
export function dealAmounts(amount: DecimalInput, tokenDecimals: number, price: DecimalInput): DealAmounts {
  return { cryptoAmount: toBaseUnits(amount, tokenDecimals), fiatAmount: fiatAmountCents(amount, price) };
}
