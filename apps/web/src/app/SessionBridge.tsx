import { useWallet } from '../lib/wallet/walletBridge.ts';
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAutoSignIn } from '../features/auth/hooks/useAutoSignIn.ts';
import { useCoinsQuery, useCurrenciesQuery, usePaymentMethodsQuery } from '../lib/reference/catalogueApi.ts';
import { usePlatformConfigQuery } from '../lib/reference/platformApi.ts';
import { rememberWallet } from '../features/wallet/lastWallet.ts';
import { walletConnectSettled } from '../features/wallet/state/walletUiSlice.ts';
import { useAppDispatch } from './hooks.ts';
import type { AppStore } from './store.ts';

/** Wires the connected wallet to the session (auto sign-in, wallet switches) and remembers it. */
export function SessionBridge() {
  const dispatch = useAppDispatch();
  const { extra } = useStore() as AppStore;
  const { publicKey, connected, signMessage, wallet } = useWallet();
  const address = connected && publicKey ? publicKey.toBase58() : null;
  const walletName = connected ? (wallet?.adapter.name ?? null) : null;

  useAutoSignIn(address, signMessage);

  useEffect(() => {
    if (!address) return;
    dispatch(walletConnectSettled());
    if (walletName) rememberWallet(extra.storage, walletName);
  }, [dispatch, extra.storage, address, walletName]);

  // X-Forwarded-For only when the operator configured an IP lookup service.
  const { data: config } = usePlatformConfigQuery();
  useEffect(() => {
    extra.apiClient.setIpLookupUrl(config?.ipLookupUrl ?? null);
  }, [extra.apiClient, config?.ipLookupUrl]);

  return null;
}

/** Catalogues every screen uses: loaded once and kept (failures stay in the RTK Query state, no message). */
export function InitialData() {
  usePaymentMethodsQuery();
  useCurrenciesQuery();
  useCoinsQuery();
  return null;
}
