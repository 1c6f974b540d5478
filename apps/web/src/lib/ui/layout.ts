/** Layout behaviour rules: mobile breakpoint, tab bar, toasts. */
import {
  MOBILE_BREAKPOINT_PX,
  TAB_BAR_SCROLL_DELTA_PX,
  TAB_BAR_TOP_ZONE_PX,
  TOAST_DEFAULT_MS,
  TOAST_ERROR_MS,
  TOAST_SUCCESS_MS,
  TOAST_SWIPE_DISMISS_PX,
} from './constants.ts';
import { pagePaths } from '@jelly/contracts';

/** The mobile tab bar (and mobile layout) applies to widths up to 767px. */
export function isMobileWidth(width: number): boolean {
  return width <= MOBILE_BREAKPOINT_PX;
}

/**
 * Tab bar visibility after a scroll from `previousY` to `y`: shown within 20px of the top, hidden when
 * scrolling down more than 8px, shown when scrolling up more than 8px, otherwise unchanged.
 */
export function tabBarVisible(previousY: number, y: number, visible: boolean): boolean {
  if (y <= TAB_BAR_TOP_ZONE_PX) return true;
  if (y - previousY > TAB_BAR_SCROLL_DELTA_PX) return false;
  if (previousY - y > TAB_BAR_SCROLL_DELTA_PX) return true;
  return visible;
}

export type TabBarItem = 'Dashboard' | 'Swap' | 'Market' | 'CoinJelly' | 'Settings';

export const TAB_BAR_PATHS: Readonly<Record<TabBarItem, string>> = {
  Dashboard: pagePaths.myAccount,
  Swap: pagePaths.swap,
  Market: pagePaths.market,
  CoinJelly: pagePaths.coinJelly,
  Settings: pagePaths.settings,
};

/** Signed in: Dashboard, Swap, Market, CoinJelly, Settings; signed out: the same without Dashboard. */
export function tabBarItems(signedIn: boolean): TabBarItem[] {
  const all: TabBarItem[] = ['Dashboard', 'Swap', 'Market', 'CoinJelly', 'Settings'];
  return signedIn ? all : all.filter((i) => i !== 'Dashboard');
}

export type ToastKind = 'default' | 'success' | 'error' | 'notification';

export function toastDuration(kind: ToastKind): number {
  if (kind === 'error') return TOAST_ERROR_MS;
  if (kind === 'success') return TOAST_SUCCESS_MS;
  return TOAST_DEFAULT_MS;
}

/** A toast swiped over 100px is dismissed. */
export function isToastSwipeDismiss(deltaX: number): boolean {
  return Math.abs(deltaX) > TOAST_SWIPE_DISMISS_PX;
}
