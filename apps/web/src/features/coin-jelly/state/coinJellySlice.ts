import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { COIN_JELLY_DEFAULT_DIR, COIN_JELLY_DEFAULT_SORT_BY, COIN_JELLY_PAGE_SIZE, type SwapStatusFilter } from '@jelly/domain';

export const JELLY_ASSETS = ['All', 'SOL', 'USDC', 'USDT'] as const;
export type JellyAsset = (typeof JELLY_ASSETS)[number];

/** Which list the filters belong to: the signed-in user's orders, or every order (admins). */
export type JellyListKey = 'user' | 'admin';

/** A list's filters; '' = not set. Dates are yyyy-MM-dd. */
export interface JellyFilters {
  asset: JellyAsset;
  status: SwapStatusFilter;
  dateFrom: string;
  dateTo: string;
  searchWallet: string;
}

export interface JellyListState extends JellyFilters {
  page: number;
  size: number;
  sortBy: number;
  dir: number;
}

export type CoinJellyState = Record<JellyListKey, JellyListState>;

export const initialJellyList: JellyListState = {
  page: 1,
  size: COIN_JELLY_PAGE_SIZE,
  sortBy: COIN_JELLY_DEFAULT_SORT_BY,
  dir: COIN_JELLY_DEFAULT_DIR,
  asset: 'All',
  status: 'All',
  dateFrom: '',
  dateTo: '',
  searchWallet: '',
};

const initialState: CoinJellyState = { user: initialJellyList, admin: initialJellyList };

export const coinJellySlice = createSlice({
  name: 'coinJelly',
  initialState,
  reducers: {
    /** Any filter change starts the list again from page 1. */
    jellyFiltersChanged(state, action: PayloadAction<{ list: JellyListKey; change: Partial<JellyFilters> }>) {
      const { list, change } = action.payload;
      state[list] = { ...state[list], ...change, page: 1 };
    },
    jellyFiltersReset(state, action: PayloadAction<JellyListKey>) {
      state[action.payload] = initialJellyList;
    },
    jellyPageChanged(state, action: PayloadAction<{ list: JellyListKey; page: number }>) {
      state[action.payload.list].page = Math.max(1, Math.trunc(action.payload.page));
    },
  },
});

export const { jellyFiltersChanged, jellyFiltersReset, jellyPageChanged } = coinJellySlice.actions;

export const selectJellyList = (list: JellyListKey) => (state: { coinJelly: CoinJellyState }) => state.coinJelly[list];
