import { describe, expect, it } from 'vitest';
import { isCompleteCoin, matchesSearch, usableCoins, usableCurrencies } from './catalogues.ts';

describe('catalogues', () => {
  it.each([
    [{ symbol: 'USDC', name: 'USD Coin', mint: 'M', icon: 'i.png' }, true],
    [{ symbol: '', name: 'USD Coin', mint: 'M', icon: 'i.png' }, false],
    [{ symbol: 'USDC', name: ' ', mint: 'M', icon: 'i.png' }, false],
    [{ symbol: 'USDC', name: 'USD Coin', mint: null, icon: 'i.png' }, false],
    [{ symbol: 'USDC', name: 'USD Coin', mint: 'M' }, false],
  ])('coin %j complete: %s', (coin, complete) => {
    expect(isCompleteCoin(coin)).toBe(complete);
    expect(usableCoins([coin])).toHaveLength(complete ? 1 : 0);
  });

  it('drops currencies without a name', () => {
    expect(usableCurrencies([{ code: 'EUR', name: 'Euro' }, { code: 'XXX', name: '' }, { code: 'YYY' }]).map((c) => c.code)).toEqual(['EUR']);
  });

  it.each([
    ['usd', ['USDC', 'USD Coin'], true],
    ['coin', ['USDC', 'USD Coin'], true],
    ['sol', ['USDC', 'USD Coin'], false],
    ['', ['USDC'], true],
  ])('search %j in %j: %s', (query, fields, hit) => {
    expect(matchesSearch(query, ...fields)).toBe(hit);
  });
});
