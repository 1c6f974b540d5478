import { ConnectTelegramButton, selectUnreadCount } from '../../features/notifications/index.ts';
import { SettingsPage } from '../../features/settings/pages/SettingsPage.tsx';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';
import { useAppSelector } from '../hooks.ts';
import { useLogoutConfirmation } from '../useLogoutConfirmation.ts';

/** /settings: composes the page with the app's log-out confirmation, the wallet chooser and the notifications parts. */
export default function SettingsRoute() {
  const confirmLogout = useLogoutConfirmation();
  const connectWallet = useConnectWallet();
  const unreadCount = useAppSelector(selectUnreadCount);
  return (
    <SettingsPage
      onLogOut={confirmLogout}
      onConnectWallet={connectWallet}
      unreadCount={unreadCount}
      TelegramButton={ConnectTelegramButton}
    />
  );
}
