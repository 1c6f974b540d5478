import { describe, expect, it } from 'vitest';
import { type PlaceOrderInput, placeOrderErrors } from './place-order.ts';

const valid: PlaceOrderInput = {
  tokenDecimals: 6,
  fiatCode: 'EUR',
  price: '0.92',
  totalAmount: '1000',
  fiatMin: '10',
  fiatMax: '500',
  paymentMethodCount: 2,
  paymentTimeLimit: 30,
};

describe('create-order form', () => {
  it('accepts a complete draft', () => {
    expect(placeOrderErrors(valid)).toEqual({});
  });

  it('accepts no limits', () => {
    expect(placeOrderErrors({ ...valid, fiatMin: '', fiatMax: '0' })).toEqual({});
  });

  it.each([
    ['no asset', { tokenDecimals: null }, { asset: 'Select an asset' }],
    ['no currency', { fiatCode: null }, { fiat: 'Select a currency' }],
    ['zero price', { price: '0' }, { price: 'Enter a price above 0' }],
    ['bad price', { price: '1,5' }, { price: 'Enter a price above 0' }],
    ['empty amount', { totalAmount: '' }, { totalAmount: 'Enter an amount above 0' }],
    ['amount finer than the token', { totalAmount: '1000.0000001' }, { totalAmount: 'Too many decimal places: at most 6' }],
    ['negative limit', { fiatMin: '-1' }, { fiatMin: 'Enter a limit of 0 or more' }],
    ['min above max', { fiatMin: '600', fiatMax: '500' }, { fiatMin: 'The minimum limit cannot be above the maximum limit' }],
    ['max above the total (1000 × 0.92)', { fiatMax: '920.01' }, { fiatMax: 'The maximum limit cannot exceed the order total: 920.00 EUR' }],
    ['max equal to the total', { fiatMax: '920' }, {}],
    [
      'min above the total with no max',
      { fiatMin: '921', fiatMax: '' },
      { fiatMin: 'The minimum limit cannot exceed the order total: 920.00 EUR' },
    ],
    ['no payment method', { paymentMethodCount: 0 }, { paymentMethods: 'Select at least one payment method' }],
    ['six payment methods', { paymentMethodCount: 6 }, { paymentMethods: 'Select at most 5 payment methods' }],
    ['zero minutes', { paymentTimeLimit: 0 }, { paymentTimeLimit: 'Payment time limit must be 1 to 1440 minutes' }],
    ['fractional minutes', { paymentTimeLimit: 7.5 }, { paymentTimeLimit: 'Payment time limit must be 1 to 1440 minutes' }],
    ['a day is fine', { paymentTimeLimit: 1440 }, {}],
  ] as const)('%s', (_name, change, errors) => {
    expect(placeOrderErrors({ ...valid, ...change })).toEqual(errors);
  });
});
