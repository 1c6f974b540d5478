/** Coin Jelly: list defaults and the quote's lifetime. */
export const COIN_JELLY_PAGE_SIZE = 20;
/** SortBy 0 = CreatedAt. */
export const COIN_JELLY_DEFAULT_SORT_BY = 0;
/** Dir 1 = descending. */
export const COIN_JELLY_DEFAULT_DIR = 1;
/** A quoted rate is honoured for deposits that land within this many minutes. */
export const COIN_JELLY_RATE_LOCK_MINUTES = 15;
