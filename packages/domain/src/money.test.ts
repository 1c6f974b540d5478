import { describe, expect, it } from 'vitest';
import {
  DecimalError,
  compareDecimal,
  decimalToString,
  fiatAmountCents,
  fiatCentsForBaseUnits,
  formatAvailableAmount,
  formatCents,
  formatDecimal,
  formatDisplayAmount,
  fromBaseUnits,
  isDecimalString,
  numberToDecimal,
  parseDecimal,
  roundDecimal,
  toBaseUnits,
  dealAmounts,
} from './money.ts';

describe('parseDecimal', () => {
  it.each([
    ['0', 0n, 0],
    ['12', 12n, 0],
    ['12.5', 125n, 1],
    ['0.001', 1n, 3],
    ['007.50', 750n, 2],
    ['12.', 12n, 0],
    ['.5', 5n, 1],
  ])('%s → %s / 10^%i', (text, units, scale) => {
    expect(parseDecimal(text)).toEqual({ units, scale });
    expect(isDecimalString(text)).toBe(true);
  });

  it.each([
    ['', 'Invalid amount: ""'],
    ['.', 'Invalid amount: "."'],
    ['1.2.3', 'Invalid amount: "1.2.3"'],
    ['1e5', 'Invalid amount: "1e5"'],
    [' 1', 'Invalid amount: " 1"'],
    ['1,000', 'Invalid amount: "1,000"'],
    ['abc', 'Invalid amount: "abc"'],
    ['+1', 'Invalid amount: "+1"'],
    ['-1', 'Amount must not be negative'],
    ['1'.repeat(81), 'Amount has too many digits'],
  ])('rejects %j: %s', (text, message) => {
    expect(() => parseDecimal(text)).toThrow(new DecimalError(message));
    expect(isDecimalString(text)).toBe(false);
  });
});

describe('numberToDecimal', () => {
  it.each([
    [0, '0'],
    [1.5, '1.5'],
    [0.1, '0.1'],
    [1e-7, '0.0000001'],
    [1.25e-7, '0.000000125'],
    [1e21, '1000000000000000000000'],
    [-2.5, '-2.5'],
    [150.75, '150.75'],
  ])('%d → %s (shortest form, no binary noise)', (n, text) => {
    expect(decimalToString(numberToDecimal(n))).toBe(text);
  });

  it.each([NaN, Infinity, -Infinity])('rejects %d', (n) => {
    expect(() => numberToDecimal(n)).toThrow('Number must be finite');
  });
});

describe('token amounts in base units', () => {
  it.each([
    ['1', 6, 1_000_000n],
    ['1.5', 6, 1_500_000n],
    ['0.000001', 6, 1n],
    ['1.50', 1, 15n],
    ['123456789.123456789', 9, 123456789123456789n],
    ['0.001', 9, 1_000_000n],
    ['5', 0, 5n],
  ])('%s with %i decimals → %s', (amount, decimals, units) => {
    expect(toBaseUnits(amount, decimals)).toBe(units);
    expect(fromBaseUnits(units, decimals)).toBe(decimalToString(amount));
  });

  it.each([
    ['0.0000001', 6, 'Too many decimal places: at most 6'],
    ['1.5', 0, 'Too many decimal places: at most 0'],
    ['-1', 6, 'Amount must not be negative'],
    ['x', 6, 'Invalid amount: "x"'],
    ['1', -1, 'Token decimals must be an integer from 0 to 30'],
    ['1', 2.5, 'Token decimals must be an integer from 0 to 30'],
  ])('rejects %s with %i decimals', (amount, decimals, message) => {
    expect(() => toBaseUnits(amount, decimals)).toThrow(message);
  });

  it('formats base units back exactly', () => {
    expect(fromBaseUnits(0n, 6)).toBe('0');
    expect(fromBaseUnits(1n, 9)).toBe('0.000000001');
    expect(fromBaseUnits(1_230_000n, 6)).toBe('1.23');
    expect(fromBaseUnits(10n ** 30n, 6)).toBe('1000000000000000000000000');
  });
});

describe('fiat amount in cents (× 100, rounded half-up)', () => {
  it.each([
    ['1', '10', 1000n],
    ['1.5', '100.25', 15038n], // 150.375 → 150.38
    ['0.1', '0.1', 1n], // 0.01 exactly: float maths would give 0.010000000000000002
    ['0.005', '1', 1n], // 0.005 → 0.01 (half-up)
    ['0.0049', '1', 0n],
    ['2', '0.125', 25n],
    ['3', '33.335', 10001n], // 100.005 → 100.01
    ['0', '99', 0n],
    ['1000000', '1.01', 101000000n],
  ])('%s × %s → %s cents', (amount, price, cents) => {
    expect(fiatAmountCents(amount, price)).toBe(cents);
  });

  it('works from base units', () => {
    expect(fiatCentsForBaseUnits(1_500_000n, 6, '100.25')).toBe(15038n);
  });
});

describe('rounding and display', () => {
  it.each([
    ['1.005', 2, 'half-up', '1.01'],
    ['1.004', 2, 'half-up', '1'],
    ['1.009', 2, 'down', '1'],
    ['1.5', 0, 'half-up', '2'],
    ['2.5', 0, 'down', '2'],
    ['7', 3, 'half-up', '7'],
  ] as const)('round %s to %i (%s) → %s', (value, digits, rounding, text) => {
    const r = roundDecimal(value, digits, rounding);
    expect(r.scale).toBe(digits);
    expect(decimalToString(r)).toBe(text);
  });

  it('rounds negatives away from zero on half', () => {
    expect(decimalToString(roundDecimal({ units: -1005n, scale: 3 }, 2, 'half-up'))).toBe('-1.01');
  });

  it.each([
    ['12', '12.00'],
    ['12.345', '12.35'],
    ['12.344', '12.34'],
    ['0.005', '0.01'],
    ['1234567.891', '1234567.89'],
  ])('display amount %s → %s', (value, shown) => {
    expect(formatDisplayAmount(value)).toBe(shown);
  });

  it.each([
    ['12', '12.00'],
    ['12.5', '12.50'],
    ['12.123', '12.123'],
    ['12.12345', '12.1234'],
    ['12.99999', '12.9999'], // rounded down: never more than available
    ['0.00009', '0.00'],
  ])('available amount %s → %s', (value, shown) => {
    expect(formatAvailableAmount(value)).toBe(shown);
  });

  it('groups thousands when asked and formats cents', () => {
    expect(formatDecimal('108536', { maxFractionDigits: 0, grouping: true })).toBe('108,536');
    expect(formatDecimal('1234567.5', { minFractionDigits: 2, maxFractionDigits: 2, grouping: true })).toBe('1,234,567.50');
    expect(formatCents(12345n)).toBe('123.45');
    expect(formatCents(5n)).toBe('0.05');
    expect(formatCents(123456789n, true)).toBe('1,234,567.89');
    expect(formatDecimal({ units: -1n, scale: 3 }, { minFractionDigits: 2, maxFractionDigits: 2 })).toBe('0.00');
  });

  it.each([
    ['1', '1.0', 0],
    ['1.01', '1.1', -1],
    ['2', '1.999', 1],
    ['0', '0.000', 0],
  ])('compare %s with %s → %i', (a, b, c) => {
    expect(compareDecimal(a, b)).toBe(c);
  });
});

describe('deal amounts', () => {
  it('gives crypto base units and fiat cents together', () => {
    expect(dealAmounts('1.5', 6, '100.25')).toEqual({ cryptoAmount: 1_500_000n, fiatAmount: 15038n });
    expect(() => dealAmounts('1.5', 0, '1')).toThrow('Too many decimal places: at most 0');
  });
});
