import { vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderRoutes, renderScreens } from '../../../test/renderApp.tsx';
import { AdminArea, type AdminAreaProps } from '../pages/AdminPage.tsx';

export const ADMIN_WALLET = 'AdmnWa11et1111111111111111111111111111111111';

/**
 * The admin area on a fake network. `overlays`: mount the modal stack and the toasts beside it, as the app does.
 */
export function renderAdmin(path: string, api = fakeApi(), viewer: Partial<AdminAreaProps['viewer']> = {}, options: { overlays?: boolean } = {}) {
  const onConnectWallet = vi.fn();
  const onDisconnect = vi.fn();
  const props: AdminAreaProps = {
    viewer: { wallet: ADMIN_WALLET, signedIn: true, isAdmin: true, ...viewer },
    chatSlot: ({ orderId, isAdmin }) => <p>Chat of deal {orderId} as {isAdmin ? 'admin' : 'party'}</p>,
    onConnectWallet,
    onDisconnect,
  };
  const screens = [
    { path: 'admin/*', element: <AdminArea {...props} /> },
    { index: true, element: <p>Jelly home</p> },
  ];
  const { router, store } = options.overlays ? renderScreens(screens, path, { api }) : renderRoutes([{ path: '/', children: screens }], path, { api });
  return { api, router, store, onConnectWallet, onDisconnect };
}
