import type { WalletContextState } from '@solana/wallet-adapter-react';
import type { Connection } from '@solana/web3.js';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider, useParams } from 'react-router';
import { Toasts } from '../../../app/layout/Toasts.tsx';
import { memoryStorage } from '../../../lib/storage.ts';
import { notReadyWallet, WalletBridgeContext } from '../../../lib/wallet/walletBridge.ts';
import { fakeJwt, type fakeApi } from '../../../test/fakeApi.ts';
import { testStore } from '../../../test/renderApp.tsx';
import PlaceOrderPage from '../pages/PlaceOrderPage.tsx';

function OfferStub() {
  const { id } = useParams();
  return <h1>Offer page {id}</h1>;
}

/** /p2p with the real store, toasts, a fake wallet bridge and /online-ads/:id. */
export function renderPlaceOrder(options: {
  api: ReturnType<typeof fakeApi>;
  signedInAs?: string | null;
  wallet?: WalletContextState;
  connection?: Partial<Connection> | null;
  onConnectWallet?: () => void;
}) {
  const storage = memoryStorage();
  if (options.signedInAs) {
    storage.setItem('accessToken', fakeJwt(options.signedInAs));
    storage.setItem('accessExp', new Date(Date.now() + 600_000).toISOString());
  }
  const { store, api } = testStore({ api: options.api, storage });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Outlet />
            <Toasts />
          </>
        ),
        children: [
          { path: 'p2p', element: <PlaceOrderPage {...(options.onConnectWallet ? { onConnectWallet: options.onConnectWallet } : {})} /> },
          { path: 'online-ads/:id', element: <OfferStub /> },
        ],
      },
    ],
    { initialEntries: ['/p2p'] },
  );
  const bridge = { ready: true, wallet: options.wallet ?? notReadyWallet, connection: (options.connection ?? null) as Connection | null };
  const view = render(
    <Provider store={store}>
      <WalletBridgeContext.Provider value={bridge}>
        <RouterProvider router={router} />
      </WalletBridgeContext.Provider>
    </Provider>,
  );
  return { ...view, store, api, router };
}
