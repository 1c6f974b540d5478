import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { testStore } from '../../../test/renderApp.tsx';
import { AdminArea, type AdminAreaProps } from '../pages/AdminPage.tsx';

export const ADMIN_WALLET = 'AdmnWa11et1111111111111111111111111111111111';

/**
 * The admin area on a fake network. `overlay`: what the app mounts beside every screen (the modal stack and the
 * toasts, which a test file imports from the app).
 */
export function renderAdmin(path: string, api = fakeApi(), viewer: Partial<AdminAreaProps['viewer']> = {}, overlay: ReactNode = null) {
  const { store } = testStore({ api });
  const onConnectWallet = vi.fn();
  const onDisconnect = vi.fn();
  const props: AdminAreaProps = {
    viewer: { wallet: ADMIN_WALLET, signedIn: true, isAdmin: true, ...viewer },
    chatSlot: ({ orderId, isAdmin }) => <p>Chat of deal {orderId} as {isAdmin ? 'admin' : 'party'}</p>,
    onConnectWallet,
    onDisconnect,
  };
  const router = createMemoryRouter(
    [
      {
        path: '/admin/*',
        element: (
          <>
            <AdminArea {...props} />
            {overlay}
          </>
        ),
      },
      { path: '/', element: <p>Jelly home</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { api, router, store, onConnectWallet, onDisconnect };
}
