import { describe, expect, it } from 'vitest';
import { acceptClaimInput, claimMaxAmount, claimQuote } from './claim-amount.ts';

describe('claim amount input', () => {
  it.each([
    ['', '10', { accepted: true, value: '' }],
    ['5', '10', { accepted: true, value: '5' }],
    ['5.', '10', { accepted: true, value: '5.' }],
    ['.5', '10', { accepted: true, value: '.5' }],
    ['10', '10', { accepted: true, value: '10' }],
    ['10.0', '10', { accepted: true, value: '10.0' }],
    ['10.01', '10', { accepted: false, error: 'Amount exceeds available balance' }],
    ['11', '10.5', { accepted: false, error: 'Amount exceeds available balance' }],
    ['1.2.3', '10', { accepted: false }],
    ['-1', '10', { accepted: false }],
    ['1e3', '10', { accepted: false }],
    ['abc', '10', { accepted: false }],
    ['1,5', '10', { accepted: false }],
  ])('%j with %s available → %j', (text, available, expected) => {
    expect(acceptClaimInput(text, available)).toEqual(expected);
  });

  it('ignores more fraction digits than the token has', () => {
    expect(acceptClaimInput('1.1234567', '10', 6)).toEqual({ accepted: false });
    expect(acceptClaimInput('1.123456', '10', 6)).toEqual({ accepted: true, value: '1.123456' });
  });

  it('Max fills the whole available amount', () => {
    expect(claimMaxAmount('123.456789')).toBe('123.456789');
    expect(claimMaxAmount('5.500')).toBe('5.5');
  });
});

describe('claim quote', () => {
  const base = { available: '100', price: '2', fiatCode: 'USD', minFiatAmount: '10', maxFiatAmount: '150' };

  it.each([
    // amountText, estimatedFiat, limitError, confirmDisabled
    ['', '0.00', null, true],
    ['.', '0.00', null, true],
    ['0', '0.00', null, true],
    ['0.00', '0.00', null, true],
    ['4.99', '9.98', 'Amount is below the minimum: 10.00 USD', true],
    ['5', '10.00', null, false],
    ['50', '100.00', null, false],
    ['75', '150.00', null, false],
    ['75.01', '150.02', 'Amount is above the maximum: 150.00 USD', true],
    ['100.5', '201.00', 'Amount is above the maximum: 150.00 USD', true],
    ['abc', '0.00', null, true],
  ])('%j → %s', (amountText, estimatedFiat, limitError, confirmDisabled) => {
    const quote = claimQuote({ ...base, amountText });
    expect(quote.estimatedFiat).toBe(estimatedFiat);
    expect(quote.limitError).toBe(limitError);
    expect(quote.confirmDisabled).toBe(confirmDisabled);
    expect(quote.minHint).toBe('Minimum: 10.00 USD');
    expect(quote.maxHint).toBe('Maximum: 150.00 USD');
  });

  it('disables Confirm above available even within limits', () => {
    const quote = claimQuote({ ...base, available: '10', maxFiatAmount: null, amountText: '11' });
    expect(quote.limitError).toBeNull();
    expect(quote.confirmDisabled).toBe(true);
  });

  it('ignores limits that are 0 or missing', () => {
    const quote = claimQuote({ ...base, minFiatAmount: 0, maxFiatAmount: undefined, amountText: '0.01' });
    expect(quote).toMatchObject({ estimatedFiat: '0.02', limitError: null, minHint: null, maxHint: null, confirmDisabled: false });
  });

  it('checks limits on the rounded cents the deal will carry', () => {
    // 3.3333 × 3 = 9.9999 → 10.00, which meets a 10.00 minimum
    const quote = claimQuote({ ...base, price: '3', amountText: '3.3333' });
    expect(quote.estimatedCents).toBe(1000n);
    expect(quote.limitError).toBeNull();
  });

  it('formats odd limits with two decimals', () => {
    const quote = claimQuote({ ...base, minFiatAmount: 12.5, amountText: '1' });
    expect(quote.limitError).toBe('Amount is below the minimum: 12.50 USD');
    expect(quote.minHint).toBe('Minimum: 12.50 USD');
  });
});
