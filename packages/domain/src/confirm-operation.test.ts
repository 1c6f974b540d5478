import { describe, expect, it } from 'vitest';
import { checkConfirmAmount, descriptionPreview, formatOrderLimit, formatPaymentTimeLimit } from './confirm-operation.ts';

describe('confirm operation amount', () => {
  it.each([
    ['1', '10', true],
    ['10', '10', true],
    ['0.000001', '10', true],
    ['0', '10', false],
    ['', '10', false],
    ['10.0001', '10', false],
    ['-1', '10', false],
    ['x', '10', false],
  ])('%j with order amount %s → ok %s', (amount, orderAmount, ok) => {
    expect(checkConfirmAmount(amount, orderAmount)).toEqual(ok ? { ok: true, value: undefined } : { ok: false, error: `Max available: ${orderAmount}` });
  });

  it('states the order amount exactly', () => {
    expect(checkConfirmAmount('99', '12.345600')).toEqual({ ok: false, error: 'Max available: 12.3456' });
  });
});

describe('confirm operation rows', () => {
  it('formats the order limit and the time limit', () => {
    expect(formatOrderLimit('10', '150.5', 'EUR')).toBe('10.00 - 150.50 EUR');
    expect(formatPaymentTimeLimit(30)).toBe('30 min');
  });

  it.each([
    ['10', '0', 'From 10.00 EUR'],
    ['10', null, 'From 10.00 EUR'],
    ['0', '150.5', 'Up to 150.50 EUR'],
    [null, '150.5', 'Up to 150.50 EUR'],
    ['0', '0', 'No limit'],
    [null, null, 'No limit'],
  ])('names only the bounds an offer has: %j - %j → %s', (min, max, text) => {
    expect(formatOrderLimit(min, max, 'EUR')).toBe(text);
  });

  it('keeps the time limit in minutes', () => {
    expect(formatPaymentTimeLimit(30)).toBe('30 min');
  });

  it.each([
    ['short', 'short', false],
    ['x'.repeat(100), 'x'.repeat(100), false],
    ['x'.repeat(101), `${'x'.repeat(100)}…`, true],
    [`${'é'.repeat(99)}😀😀`, `${'é'.repeat(99)}😀…`, true],
  ])('preview of %j', (text, preview, truncated) => {
    expect(descriptionPreview(text)).toEqual({ text: preview, truncated });
  });
});
