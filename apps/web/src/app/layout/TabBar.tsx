import { TAB_BAR_PATHS, tabBarItems, type TabBarItem } from '../../lib/ui/layout.ts';
import type { ComponentType, SVGProps } from 'react';
import { NavLink } from 'react-router';
import { DashboardIcon, JellyIcon, MarketIcon, SettingsIcon, SwapIcon } from '../../components/ui/icons.tsx';
import styles from './TabBar.module.css';
import { useTabBarVisible } from './useTabBarVisible.ts';

const ICONS: Record<TabBarItem, ComponentType<SVGProps<SVGSVGElement>>> = {
  Dashboard: DashboardIcon,
  Swap: SwapIcon,
  Market: MarketIcon,
  CoinJelly: JellyIcon,
  Settings: SettingsIcon,
};

/** Mobile tab bar (≤ 767px, CSS): hides while scrolling down, returns when scrolling up or near the top. */
export function TabBar({ signedIn }: { signedIn: boolean }) {
  const visible = useTabBarVisible();
  return (
    <nav aria-label="Tab bar" className={`${styles.tabBar} ${visible ? '' : styles.hidden}`} data-visible={visible}>
      {tabBarItems(signedIn).map((item) => {
        const Icon = ICONS[item];
        return (
          <NavLink key={item} to={TAB_BAR_PATHS[item]} className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}>
            <Icon />
            <span>{item}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}
