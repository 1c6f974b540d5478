import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SwapAsset } from '@jelly/contracts';
import type { SwapStatus } from '@jelly/domain';

export type AssetChoice = 'All' | SwapAsset;
export type StatusChoice = 'All' | SwapStatus;

/** The swap history's filters; null / '' = not set. Dates are yyyy-MM-dd. */
export interface SwapFilters {
  /** The Asset Type filter (the product calls it currentCoin). */
  currentCoin: AssetChoice;
  status: StatusChoice;
  from: string | null;
  to: string | null;
  searchWallet: string;
}

export interface SwapState {
  /** The token the user pays with and the one they receive, by symbol. */
  firstSelectedTokenCode: string;
  secondSelectedTokenCode: string;
  /** The amount typed, in whole tokens of the first token. */
  amountText: string;
  filters: SwapFilters;
  page: number;
}

export const initialSwapFilters: SwapFilters = { currentCoin: 'All', status: 'All', from: null, to: null, searchWallet: '' };

export const initialSwapState: SwapState = {
  firstSelectedTokenCode: 'USDT',
  secondSelectedTokenCode: 'SOL',
  amountText: '',
  filters: initialSwapFilters,
  page: 1,
};

/** The swap screen's state, in the store so the filterSwap modal (rendered by the modal stack) shares it. */
export const swapSlice = createSlice({
  name: 'swap',
  initialState: initialSwapState,
  reducers: {
    /** Picking the other side's token swaps the two, so a pair never has the same token twice. */
    firstTokenPicked(state, action: PayloadAction<string>) {
      if (action.payload === state.secondSelectedTokenCode) state.secondSelectedTokenCode = state.firstSelectedTokenCode;
      state.firstSelectedTokenCode = action.payload;
    },
    secondTokenPicked(state, action: PayloadAction<string>) {
      if (action.payload === state.firstSelectedTokenCode) state.firstSelectedTokenCode = state.secondSelectedTokenCode;
      state.secondSelectedTokenCode = action.payload;
    },
    /** Flip: the received token becomes the paid one; the amount typed stays (it is now in the other token). */
    directionFlipped(state) {
      const first = state.firstSelectedTokenCode;
      state.firstSelectedTokenCode = state.secondSelectedTokenCode;
      state.secondSelectedTokenCode = first;
    },
    amountTyped(state, action: PayloadAction<string>) {
      state.amountText = action.payload;
    },
    /** Any change of the filters returns the history to page 1. */
    swapFiltersChanged(state, action: PayloadAction<Partial<SwapFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
      state.page = 1;
    },
    swapFiltersReset(state) {
      state.filters = initialSwapFilters;
      state.page = 1;
    },
    swapPageChanged(state, action: PayloadAction<number>) {
      state.page = Math.max(1, Math.trunc(action.payload));
    },
  },
});

export const { firstTokenPicked, secondTokenPicked, directionFlipped, amountTyped, swapFiltersChanged, swapFiltersReset, swapPageChanged } =
  swapSlice.actions;

type Root = { swap: SwapState };
export const selectSwap = (state: Root) => state.swap;
export const selectSwapFilters = (state: Root) => state.swap.filters;
