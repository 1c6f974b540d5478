import { describe, expect, it } from 'vitest';
import { OfferSide, SortField, adminSideLabel, isOfferSide, isSortField, offerSideLabel } from './sides-and-sorting.ts';

describe('sides and sort fields', () => {
  it('has the wire values', () => {
    expect(OfferSide).toEqual({ Sell: 0, Buy: 1 });
    expect(SortField).toEqual({ CreatedAt: 0, Price: 1, Amount: 2 });
  });

  it.each([
    [1, 'Buy', 'BUY'],
    [0, 'Sell', 'SELL'],
  ] as const)('side %i → %s / %s', (side, label, admin) => {
    expect(offerSideLabel(side)).toBe(label);
    expect(adminSideLabel(side)).toBe(admin);
  });

  it('labels anything but 1 as SELL in the admin chat', () => {
    expect(adminSideLabel(7)).toBe('SELL');
  });

  it.each([
    [0, true, true],
    [1, true, true],
    [2, false, true],
    [3, false, false],
    ['1', false, false],
  ])('%s: side %s, sort field %s', (value, side, sort) => {
    expect(isOfferSide(value)).toBe(side);
    expect(isSortField(value)).toBe(sort);
  });
});
