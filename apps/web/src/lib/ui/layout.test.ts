import { describe, expect, it } from 'vitest';
import { isMobileWidth, isToastSwipeDismiss, tabBarItems, tabBarVisible, toastDuration } from './layout.ts';

describe('layout rules', () => {
  it.each([
    [767, true],
    [768, false],
    [320, true],
  ])('width %i mobile: %s', (w, mobile) => {
    expect(isMobileWidth(w)).toBe(mobile);
  });

  it.each([
    // previousY, y, visible before, visible after
    [100, 109, true, false], // down 9px
    [100, 108, true, true], // down 8px: unchanged
    [200, 191, false, true], // up 9px
    [200, 192, false, false], // up 8px: unchanged
    [100, 20, false, true], // within 20px of the top
    [5, 15, false, true],
    [100, 21, false, true], // up 79px
  ])('scroll %i → %i (was %s) → %s', (prev, y, before, after) => {
    expect(tabBarVisible(prev, y, before)).toBe(after);
  });

  it('drops Dashboard when signed out', () => {
    expect(tabBarItems(true)).toEqual(['Dashboard', 'Swap', 'Market', 'CoinJelly', 'Settings']);
    expect(tabBarItems(false)).toEqual(['Swap', 'Market', 'CoinJelly', 'Settings']);
  });

  it.each([
    ['default', 3000],
    ['success', 3000],
    ['error', 4000],
    ['notification', 3000],
  ] as const)('%s toast lasts %i ms', (kind, ms) => {
    expect(toastDuration(kind)).toBe(ms);
  });

  it.each([
    [101, true],
    [-101, true],
    [100, false],
  ])('swipe %i dismisses: %s', (dx, dismiss) => {
    expect(isToastSwipeDismiss(dx)).toBe(dismiss);
  });
});
