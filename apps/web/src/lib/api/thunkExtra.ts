import type { ApiClient } from './apiClient.ts';
import type { TokenStore } from './tokenStore.ts';
import type { KeyValueStorage } from '../storage.ts';

/** Services every thunk and RTK Query call receives (`extra`), so tests can build a store on fakes. */
export interface ThunkExtra {
  apiClient: ApiClient;
  tokens: TokenStore;
  storage: KeyValueStorage;
}
