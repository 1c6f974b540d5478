import type { WalletContextState } from '@solana/wallet-adapter-react';
import type { Connection } from '@solana/web3.js';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createAppStore, type AppStore } from '../app/store.ts';
import { memoryStorage, type KeyValueStorage } from '../lib/storage.ts';
import { notReadyWallet, WalletBridgeContext } from '../lib/wallet/walletBridge.ts';
import { fakeApi } from './fakeApi.ts';

export interface TestAppOptions {
  api?: ReturnType<typeof fakeApi>;
  storage?: KeyValueStorage;
  wallet?: WalletContextState;
  /** The wallet libraries have loaded (default true). */
  walletReady?: boolean;
  /** The Solana connection the screens read balances from (default none). */
  connection?: Pick<Connection, 'getBalance' | 'getAccountInfo'>;
}

/** A real store on a fake network, as the app builds it. */
export function testStore(options: TestAppOptions = {}) {
  const api = options.api ?? fakeApi();
  const storage = options.storage ?? memoryStorage();
  const store = createAppStore({ fetch: api.fetch, storage, origin: window.location.origin });
  return { store, api, storage };
}

interface WrapperProps {
  store: AppStore;
  wallet: WalletContextState;
  ready?: boolean;
  connection?: TestAppOptions['connection'];
  children: ReactNode;
}

function Wrapper({ store, wallet, ready = true, connection, children }: WrapperProps) {
  return (
    <Provider store={store}>
      <WalletBridgeContext.Provider value={{ ready, wallet, connection: (connection ?? null) as Connection | null }}>{children}</WalletBridgeContext.Provider>
    </Provider>
  );
}

/** Renders routes with the real store, a fake wallet and a memory router. */
export function renderRoutes(routes: RouteObject[], path: string, options: TestAppOptions = {}) {
  const { store, api, storage } = testStore(options);
  let wallet = options.wallet ?? notReadyWallet;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Wrapper store={store} wallet={wallet} connection={options.connection}>
      <RouterProvider router={router} />
    </Wrapper>,
  );
  return {
    ...view,
    store,
    api,
    storage,
    router,
    /** Simulates the wallet changing (connect, account switch, disconnect). */
    setWallet(next: WalletContextState) {
      wallet = next;
      view.rerender(
        <Wrapper store={store} wallet={wallet} connection={options.connection}>
          <RouterProvider router={router} />
        </Wrapper>,
      );
    },
  };
}

/** Renders a component with the real store and a fake wallet (no router). */
export function renderWithStore(ui: ReactNode, options: TestAppOptions = {}) {
  const { store, api, storage } = testStore(options);
  let wallet = options.wallet ?? notReadyWallet;
  const view = render(
    <Wrapper store={store} wallet={wallet} ready={options.walletReady ?? true}>
      {ui}
    </Wrapper>,
  );
  return {
    ...view,
    store,
    api,
    storage,
    setWallet(next: WalletContextState, nextUi: ReactNode = ui) {
      wallet = next;
      view.rerender(
        <Wrapper store={store} wallet={wallet}>
          {nextUi}
        </Wrapper>,
      );
    },
  };
}
