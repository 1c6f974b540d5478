import { describe, expect, it } from 'vitest';
import { searchCountries, toggleAllCountries, toggleCountry } from './countries.ts';

describe('countries', () => {
  const all = [
    { code: 'CY', name: 'Cyprus' },
    { code: 'GR', name: 'Greece' },
    { code: 'DE', name: 'Germany' },
  ];

  it('toggles one country', () => {
    expect(toggleCountry(['CY'], 'GR')).toEqual(['CY', 'GR']);
    expect(toggleCountry(['CY', 'GR'], 'CY')).toEqual(['GR']);
  });

  it.each([
    [[], ['CY', 'GR', 'DE']],
    [['CY'], ['CY', 'GR', 'DE']],
    [['CY', 'GR', 'DE'], []],
  ])('ALL from %j → %j', (selected, expected) => {
    expect(toggleAllCountries(selected, all)).toEqual(expected);
  });

  it.each([
    ['', 3],
    ['g', 2],
    ['GREE', 1],
    ['  cyp ', 1],
    ['xyz', 0],
  ])('search %j finds %i', (query, count) => {
    expect(searchCountries(all, query)).toHaveLength(count);
  });
});
