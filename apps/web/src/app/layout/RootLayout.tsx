import { Outlet } from 'react-router';
import { WalletChooser } from '../../features/wallet/components/WalletChooser.tsx';
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
      <NavigationProgress />
      <Outlet />
      <Toasts />
      <ModalStack />
      <WalletChooser />
    </>
  );
}
