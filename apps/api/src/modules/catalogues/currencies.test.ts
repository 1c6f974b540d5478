import { describe, expect, it } from 'vitest';
import { GENERIC_CURRENCY_ICON, mainCountryOf, toCatalogueCurrency } from './currencies.ts';

describe('mainCountryOf', () => {
  it.each([
    ['USD', 'US'],
    ['JPY', 'JP'],
    ['NGN', 'NG'],
    ['EUR', 'EU'],
    ['ANG', 'CW'],
    ['XOF', 'SN'],
    ['XAF', 'CM'],
    ['XCD', 'KN'],
    ['XPF', 'PF'],
  ])('%s → %s', (code, country) => {
    expect(mainCountryOf(code)).toBe(country);
  });
});

describe('toCatalogueCurrency', () => {
  const entry = { code: 'ZZZ', number: '001', digits: 2, currency: ' Test money ' };

  it('uses the flag when one is bundled', () => {
    expect(toCatalogueCurrency({ ...entry, code: 'USD', number: '840' }, () => true)).toEqual({
      id: 840,
      code: 'USD',
      name: 'Test money',
      icon: '/api/assets/flags/US.svg',
      countryCode: 'US',
      countryName: 'United States of America',
      digits: 2,
    });
  });

  it('falls back to the generic icon when no flag exists', () => {
    expect(toCatalogueCurrency(entry, () => false)).toMatchObject({
      icon: GENERIC_CURRENCY_ICON,
      countryCode: null,
      countryName: null,
    });
  });
});
