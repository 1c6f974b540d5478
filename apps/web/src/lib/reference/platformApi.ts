import { apiPaths, publicConfig, type PublicConfig } from '@jelly/contracts';
import { api } from '../api/api.ts';

/** GET /platform/config — public settings: RPC URL, support contacts, optional IP lookup URL. */
export const platformApi = api.injectEndpoints({
  endpoints: (build) => ({
    platformConfig: build.query<PublicConfig, void>({
      query: () => apiPaths.platformConfig,
      responseSchema: publicConfig,
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});

export const { usePlatformConfigQuery } = platformApi;
