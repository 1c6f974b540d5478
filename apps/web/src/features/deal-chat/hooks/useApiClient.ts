import { useStore } from 'react-redux';
import type { ApiClient } from '../../../lib/api/apiClient.ts';
import type { ThunkExtra } from '../../../lib/api/thunkExtra.ts';

/** The store's API client (bearer token, refresh, 401 retry) for calls RTK Query does not make, like blob downloads. */
export function useApiClient(): ApiClient {
  return (useStore() as unknown as { extra: ThunkExtra }).extra.apiClient;
}
