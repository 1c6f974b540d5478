import { useSelector, useStore } from 'react-redux';
import type { ApiClient } from '../../../lib/api/apiClient.ts';
import type { ThunkExtra } from '../../../lib/api/thunkExtra.ts';

interface SessionSlice {
  user: { wallet: string | null; token: string | null };
}

/** The signed-in wallet (a token and its wallet), or null. Read structurally: features do not import each other. */
export function useSignedInWallet(): string | null {
  return useSelector((state: SessionSlice) => (state.user.token && state.user.wallet ? state.user.wallet : null));
}

/** The store's API client (bearer, refresh, retries), for calls that are actions rather than cached data. */
export function useApiClient(): ApiClient {
  // createAppStore attaches its services as `extra` (the same object thunks receive).
  return (useStore() as unknown as { extra: ThunkExtra }).extra.apiClient;
}
