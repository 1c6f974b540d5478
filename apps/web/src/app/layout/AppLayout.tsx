import { Outlet, useNavigation } from 'react-router';
import { selectIsSignedIn } from '../../features/auth/state/userSlice.ts';
import { ConnectTelegramItem, NotificationBell, selectUnreadCount } from '../../features/notifications/index.ts';
import { usePlatformConfigQuery } from '../../lib/reference/platformApi.ts';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';
import { useAppSelector } from '../hooks.ts';
import { useLogoutConfirmation } from '../useLogoutConfirmation.ts';
import styles from './AppLayout.module.css';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { SupportWidget } from './SupportWidget.tsx';
import { TabBar } from './TabBar.tsx';

/** Every screen except /admin/*: header, footer, mobile tab bar and the support widget. */
export function AppLayout() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const wallet = useAppSelector((state) => state.user.wallet);
  const connectWallet = useConnectWallet();
  const confirmLogout = useLogoutConfirmation();
  const { data: config } = usePlatformConfigQuery();
  const unreadCount = useAppSelector(selectUnreadCount);

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <Header
        wallet={signedIn ? wallet : null}
        onConnectWallet={connectWallet}
        onDisconnect={confirmLogout}
        bell={<NotificationBell />}
        TelegramItem={ConnectTelegramItem}
      />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer support={<SupportWidget supportChatUrl={config?.supportChatUrl || null} supportEmail={config?.supportEmail || null} />} />
      <TabBar signedIn={signedIn} unreadCount={unreadCount} />
    </div>
  );
}

/** A thin bar at the top while a lazy screen loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  return navigation.state === 'loading' ? <div className={styles.progress} role="progressbar" aria-label="Loading screen" /> : null;
}
