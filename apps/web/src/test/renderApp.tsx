import type { WalletContextState } from '@solana/wallet-adapter-react';
import type { Connection } from '@solana/web3.js';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { ModalStack } from '../app/layout/ModalStack.tsx';
import { Toasts } from '../app/layout/Toasts.tsx';
import { createAppStore, type AppStore } from '../app/store.ts';
import { memoryStorage, type KeyValueStorage } from '../lib/storage.ts';
import { notReadyWallet, WalletBridgeContext } from '../lib/wallet/walletBridge.ts';
import { fakeApi, fakeJwt } from './fakeApi.ts';

export interface TestAppOptions {
  api?: ReturnType<typeof fakeApi>;
  storage?: KeyValueStorage;
  wallet?: WalletContextState;
  /** The wallet libraries have loaded (default true). */
  walletReady?: boolean;
  /** The Solana connection the screens read balances from (default none). */
  connection?: Partial<Connection> | null;
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

/** Storage holding a live session for `wallet` (an admin's if asked), as a sign-in leaves it; empty without a wallet. */
export function signedInStorage(wallet: string | null | undefined, isAdmin = false): KeyValueStorage {
  const storage = memoryStorage();
  if (wallet) {
    storage.setItem('accessToken', fakeJwt(wallet, isAdmin));
    storage.setItem('accessExp', new Date(Date.now() + 600_000).toISOString());
  }
  return storage;
}

/** What the app lays out around every screen: the screen, the toasts and the modal stack. */
function ScreenWithOverlays() {
  return (
    <>
      <Outlet />
      <Toasts />
      <ModalStack />
    </>
  );
}

export interface ScreenOptions extends TestAppOptions {
  /** Signed in as this wallet (a stored token), or signed out; ignored when `storage` is given. */
  signedInAs?: string | null;
  isAdmin?: boolean;
}

/** Renders `screens` (routes under '/') beside the toasts and the modal stack, like the app, starting at `path`. */
export function renderScreens(screens: RouteObject[], path: string, options: ScreenOptions = {}) {
  const { signedInAs, isAdmin, ...rest } = options;
  const storage = rest.storage ?? signedInStorage(signedInAs, isAdmin);
  return renderRoutes([{ path: '/', element: <ScreenWithOverlays />, children: screens }], path, { ...rest, storage });
}

/** Phones: matchMedia answers the ≤ 767px queries as matching. Undo with `Reflect.deleteProperty(window, 'matchMedia')`. */
export function pretendPhone() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (media: string) => ({ matches: /max-width/.test(media), media, addEventListener: () => undefined, removeEventListener: () => undefined }),
  });
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
