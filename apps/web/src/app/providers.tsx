import type { WalletError } from '@solana/wallet-adapter-base';
import { useCallback, type ReactNode } from 'react';
import { Provider as ReduxProvider, useStore } from 'react-redux';
import { usePlatformConfigQuery } from '../lib/reference/platformApi.ts';
import { useSignedInWallet } from '../lib/session/session.ts';
import { walletConnectSettled } from '../features/wallet/state/walletUiSlice.ts';
import { showToast } from '../lib/toasts/toastsSlice.ts';
import { ADAPTER_WALLET_STORAGE_KEY } from '../lib/wallet/walletBridge.ts';
import { WalletBridgeProvider } from '../lib/wallet/WalletBridgeProvider.tsx';
import type { AppStore } from './store.ts';

/** Solana RPC: the configured URL, or this site's /rpc (the embedded localnet) until the config says otherwise. */
export function rpcEndpoint(configured: string | null | undefined, origin: string): string {
  return new URL(configured || '/rpc', origin).href;
}

/**
 * Solana subscriptions: the configured WebSocket URL; for our own /rpc the same path over ws(s)
 * (web3.js would otherwise guess port + 1); for another RPC host, web3.js's own default (null).
 */
export function websocketEndpoint(rpcUrl: string | null | undefined, wsUrl: string | null | undefined, origin: string): string | null {
  if (wsUrl) return new URL(wsUrl, origin).href;
  if (rpcUrl) return null;
  const url = new URL('/rpc', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

function rememberedAdapterWallet(): boolean {
  try {
    return window.localStorage.getItem(ADAPTER_WALLET_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function WalletProviders({ children }: { children: ReactNode }) {
  const store = useStore() as AppStore;
  const { data: config } = usePlatformConfigQuery();
  const origin = window.location.origin;
  // A returning user will want the wallet: signed in, or a wallet the adapter will auto-connect.
  const returning = useSignedInWallet() !== null || rememberedAdapterWallet();

  // Errors of a connection the user asked for are shown; silent auto-connect failures are not.
  const onError = useCallback(
    (error: WalletError) => {
      if (!store.getState().walletUi.userConnecting) return;
      store.dispatch(walletConnectSettled());
      store.dispatch(showToast.error(`Wallet connection failed: ${error.message || error.name}`));
    },
    [store],
  );
  const onLoadFailed = useCallback(() => {
    store.dispatch(showToast.error('Wallet support could not be loaded. Check your connection and reload the page.'));
  }, [store]);

  return (
    <WalletBridgeProvider
      endpoint={rpcEndpoint(config?.solanaRpcUrl, origin)}
      wsEndpoint={websocketEndpoint(config?.solanaRpcUrl, config?.solanaWsUrl, origin)}
      loadOnFirstInput={returning}
      onError={onError}
      onLoadFailed={onLoadFailed}
    >
      {children}
    </WalletBridgeProvider>
  );
}

export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <WalletProviders>{children}</WalletProviders>
    </ReduxProvider>
  );
}
