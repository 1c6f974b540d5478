import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { autoSignInAllowed, sessionSlice } from '../features/auth/state/sessionSlice.ts';
import { coinJellySlice } from '../features/coin-jelly/state/coinJellySlice.ts';
import { dashboardSlice } from '../features/dashboard/state/dashboardSlice.ts';
import { restoreUser, tokenRefreshed, userCleared, userSlice } from '../features/auth/state/userSlice.ts';
import { notificationsSlice } from '../features/notifications/index.ts';
import { chooserClosed, lastWalletConfirmed, walletUiSlice } from '../features/wallet/state/walletUiSlice.ts';
import { api } from '../lib/api/api.ts';
import { ApiClient } from '../lib/api/apiClient.ts';
import { ClientIp } from '../lib/api/clientIp.ts';
import type { ThunkExtra } from '../lib/api/thunkExtra.ts';
import { TokenStore } from '../lib/api/tokenStore.ts';
import { swapSlice } from '../features/swap/state/swapSlice.ts';
import { modalsSlice } from '../lib/modals/modalsSlice.ts';
import { realtimeSlice } from '../lib/realtime/realtimeSlice.ts';
import { appStorage, type KeyValueStorage } from '../lib/storage.ts';
import { toastsSlice } from '../lib/toasts/toastsSlice.ts';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  user: userSlice.reducer,
  session: sessionSlice.reducer,
  walletUi: walletUiSlice.reducer,
  toasts: toastsSlice.reducer,
  modals: modalsSlice.reducer,
  realtime: realtimeSlice.reducer,
  notifications: notificationsSlice.reducer,
  dashboard: dashboardSlice.reducer,
  swap: swapSlice.reducer,
  coinJelly: coinJellySlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  /** The network boundary; tests pass a stub. */
  fetch?: typeof fetch;
  storage?: KeyValueStorage;
  origin?: string;
  now?: () => number;
}

/** Builds the store and its API client; the app uses one, tests build their own on fakes. */
export function createAppStore(options: StoreOptions = {}) {
  const storage = options.storage ?? appStorage;
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const tokens = new TokenStore(storage);
  const listener = createListenerMiddleware();

  // The client reports refresh outcomes to the store; the store exists by the time any request runs.
  const onSession = { refreshed: (_token: string, _isAdmin: boolean) => {}, lost: () => {} };
  const apiClient = new ApiClient({
    origin: options.origin ?? window.location.origin,
    fetch: fetchFn,
    tokens,
    clientIp: new ClientIp(storage, fetchFn),
    now: options.now,
    onTokensRefreshed: (issued) => onSession.refreshed(issued.accessToken, issued.isAdmin),
    onSessionLost: () => onSession.lost(),
  });
  const extra: ThunkExtra = { apiClient, tokens, storage };

  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { user: restoreUser(tokens.read().accessToken) },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } })
        .prepend(listener.middleware)
        .concat(api.middleware),
  });
  onSession.refreshed = (token, isAdmin) => store.dispatch(tokenRefreshed({ token, isAdmin }));
  onSession.lost = () => store.dispatch(userCleared());

  // Pressing Connect Wallet lets a wallet whose sign-in failed try again once the chooser closes
  // (or, on a phone, once 'Open {wallet}?' is confirmed).
  listener.startListening({
    predicate: (action, _current, previous) =>
      (chooserClosed.match(action) && (previous as RootState).walletUi.connectPressed) || lastWalletConfirmed.match(action),
    effect: (_action, { dispatch }) => {
      dispatch(autoSignInAllowed());
    },
  });

  return Object.assign(store, { extra });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
