import { Outlet } from 'react-router';
import { NotificationsListener } from '../../features/notifications/index.ts';
import { WalletChooser } from '../../features/wallet/components/WalletChooser.tsx';
import { RealtimeBridge } from '../../lib/realtime/RealtimeBridge.tsx';
import { InitialData, SessionBridge } from '../SessionBridge.tsx';
import { NavigationProgress } from './AppLayout.tsx';
import { ModalStack } from './ModalStack.tsx';
import { Toasts } from './Toasts.tsx';

/** Always mounted, on every route: session wiring, initial data, toasts, modals, the wallet chooser. */
export function RootLayout() {
  return (
    <>
      <SessionBridge />
      <InitialData />
      <RealtimeBridge />
      <NotificationsListener />
      <NavigationProgress />
      <Outlet />
      <Toasts />
      <ModalStack />
      <WalletChooser />
    </>
  );
}
