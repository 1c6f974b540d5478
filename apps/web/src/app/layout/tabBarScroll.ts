import { TAB_BAR_SCROLL_DELTA_PX } from '../../lib/ui/constants.ts';
import { tabBarVisible } from '../../lib/ui/layout.ts';

export interface TabBarScrollState {
  visible: boolean;
  /** Scroll position the next movement is measured from; small moves add up until one counts. */
  anchorY: number;
}

export const initialTabBarScroll: TabBarScrollState = { visible: true, anchorY: 0 };

/** Tab bar visibility after the page scrolled to `y` (rule in @jelly/domain: 8px moves, 20px top zone). */
export function nextTabBarScroll(state: TabBarScrollState, y: number): TabBarScrollState {
  const visible = tabBarVisible(state.anchorY, y, state.visible);
  if (visible !== state.visible || Math.abs(y - state.anchorY) > TAB_BAR_SCROLL_DELTA_PX) return { visible, anchorY: y };
  return state;
}
