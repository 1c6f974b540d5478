import { useEffect, useState } from 'react';
import { initialTabBarScroll, nextTabBarScroll } from './tabBarScroll.ts';

/** Whether the mobile tab bar shows, following the page scroll. */
export function useTabBarVisible(): boolean {
  const [state, setState] = useState(() => ({ ...initialTabBarScroll, anchorY: window.scrollY }));
  useEffect(() => {
    const onScroll = () => setState((current) => nextTabBarScroll(current, window.scrollY));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return state.visible;
}
