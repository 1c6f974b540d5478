/** Catalogue cleaning: coins need symbol, name, mint and icon; currencies a name. */

export interface CoinEntry {
  readonly symbol?: string | null;
  readonly name?: string | null;
  readonly mint?: string | null;
  readonly icon?: string | null;
}

export interface CurrencyEntry {
  readonly name?: string | null;
}

const filled = (s: string | null | undefined): boolean => typeof s === 'string' && s.trim() !== '';

export function isCompleteCoin(coin: CoinEntry): boolean {
  return filled(coin.symbol) && filled(coin.name) && filled(coin.mint) && filled(coin.icon);
}

/** Drops coins with any of symbol, name, mint, icon empty. */
export function usableCoins<T extends CoinEntry>(coins: readonly T[]): T[] {
  return coins.filter(isCompleteCoin);
}

/** Drops currencies with an empty name. */
export function usableCurrencies<T extends CurrencyEntry>(currencies: readonly T[]): T[] {
  return currencies.filter((c) => filled(c.name));
}

/** Pickers: assets match by symbol or name, currencies by code or name (case-insensitive, substring). */
export function matchesSearch(query: string, ...fields: ReadonlyArray<string | null | undefined>): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || fields.some((f) => typeof f === 'string' && f.toLowerCase().includes(q));
}
