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

/** A count above this shows as '99+'. */
const MAX_BADGE = 99;

/**
 * Mobile tab bar (≤ 767px, CSS): hides while scrolling down, returns when scrolling up or near the top. On a phone
 * the notifications are reached from Settings, so its tab carries the unread count.
 */
export function TabBar({ signedIn, unreadCount = 0 }: { signedIn: boolean; unreadCount?: number }) {
  const visible = useTabBarVisible();
  const badge = (item: TabBarItem) => item === 'Settings' && signedIn && unreadCount > 0;
  return (
    <nav aria-label="Tab bar" className={`${styles.tabBar} ${visible ? '' : styles.hidden}`} data-visible={visible}>
      {tabBarItems(signedIn).map((item) => {
        const Icon = ICONS[item];
        return (
          <NavLink key={item} to={TAB_BAR_PATHS[item]} className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}>
            <span className={styles.iconWrap}>
              <Icon />
              {badge(item) && (
                <span className={styles.badge} data-testid="tab-unread" aria-hidden="true">
                  {unreadCount > MAX_BADGE ? `${MAX_BADGE}+` : unreadCount}
                </span>
              )}
            </span>
            <span>{item}</span>
            {badge(item) && <span className="visually-hidden">, {unreadCount} unread notifications</span>}
          </NavLink>
        );
      })}
    </nav>
  );
}
