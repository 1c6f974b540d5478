import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { ThunkExtra } from './thunkExtra.ts';

/** RTK Query over the store's ApiClient (bearer, refresh, 401 retry, X-Forwarded-For). */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, api, extraOptions) => {
  const { apiClient } = api.extra as ThunkExtra;
  return fetchBaseQuery({ baseUrl: apiClient.baseUrl, fetchFn: apiClient.fetch })(args, api, extraOptions);
};

/** The one RTK Query API; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [],
  endpoints: () => ({}),
});

/** A dispatch that runs endpoints outside components (`dispatch(x.endpoints.y.initiate(args))`), as actions do. */
export type EndpointDispatch = ThunkDispatch<never, unknown, UnknownAction>;
