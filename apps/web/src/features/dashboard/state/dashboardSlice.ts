import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardTab } from '@jelly/domain';

export type SideChoice = 'all' | 'buy' | 'sell';
export const AD_ASSETS = ['All', 'SOL', 'USDC', 'USDT'] as const;
export type AdAsset = (typeof AD_ASSETS)[number];
export const AD_STATUSES = ['all', 'active', 'filled', 'cancelled'] as const;
export type AdStatusChoice = (typeof AD_STATUSES)[number];

/** The order history's filters; '' / null = not set. Dates are yyyy-MM-dd. */
export interface OrderFilters {
  tab: DashboardTab;
  /** A token name from the wallet's history (the Coins dropdown). */
  token: string;
  /** A fiat code from the wallet's history (the Currency dropdown). */
  fiat: string;
  side: SideChoice;
  from: string | null;
  to: string | null;
}

export interface AdFilters {
  asset: AdAsset;
  side: SideChoice;
  status: AdStatusChoice;
}

export interface DashboardState {
  /** The wallet these filters belong to. */
  owner: string | null;
  orderFilters: OrderFilters;
  orderPage: number;
  /** The ad history's applied filters (its block edits a draft until Filter is pressed). */
  adFilters: AdFilters;
  adPage: number;
  /** The fiat codes and token names of the wallet's whole history, as the last list answered them. */
  userFiats: string[];
  userCrypto: string[];
}

export const initialOrderFilters: OrderFilters = { tab: 'All', token: '', fiat: '', side: 'all', from: null, to: null };
export const initialAdFilters: AdFilters = { asset: 'All', side: 'all', status: 'all' };

export const initialDashboardState: DashboardState = {
  owner: null,
  orderFilters: initialOrderFilters,
  orderPage: 1,
  adFilters: initialAdFilters,
  adPage: 1,
  userFiats: [],
  userCrypto: [],
};

/** The dashboard's screen state, in the store so the phone's filter modals (rendered by the modal stack) share it. */
export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState: initialDashboardState,
  reducers: {
    /** Any change of the order filters returns the history to page 1. */
    orderFiltersChanged(state, action: PayloadAction<Partial<OrderFilters>>) {
      state.orderFilters = { ...state.orderFilters, ...action.payload };
      state.orderPage = 1;
    },
    orderFiltersReset(state) {
      state.orderFilters = initialOrderFilters;
      state.orderPage = 1;
    },
    orderPageChanged(state, action: PayloadAction<number>) {
      state.orderPage = Math.max(1, Math.trunc(action.payload));
    },
    /** Filter (or Reset) in the ad history: the new filters apply from page 1. */
    adFiltersApplied(state, action: PayloadAction<AdFilters>) {
      state.adFilters = action.payload;
      state.adPage = 1;
    },
    adPageChanged(state, action: PayloadAction<number>) {
      state.adPage = Math.max(1, Math.trunc(action.payload));
    },
    historyOptionsReceived(state, action: PayloadAction<{ fiatCodes: string[]; tokenNames: string[] }>) {
      state.userFiats = action.payload.fiatCodes;
      state.userCrypto = action.payload.tokenNames;
    },
    /** Another wallet signed in: nothing of the last one's filters stays. */
    dashboardOwnerChanged(_state, action: PayloadAction<string>) {
      return { ...initialDashboardState, owner: action.payload };
    },
  },
});

export const {
  orderFiltersChanged,
  orderFiltersReset,
  orderPageChanged,
  adFiltersApplied,
  adPageChanged,
  historyOptionsReceived,
  dashboardOwnerChanged,
} = dashboardSlice.actions;

type Root = { dashboard: DashboardState };
export const selectDashboard = (state: Root) => state.dashboard;
export const selectOrderFilters = (state: Root) => state.dashboard.orderFilters;
