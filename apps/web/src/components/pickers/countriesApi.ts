import { apiPaths, countriesResponse, type Country } from '@jelly/contracts';
import { api } from '../../lib/api/api.ts';

/** GET /platform/countries — ISO 3166-1 countries sorted by name, loaded once for the countries modal. */
export const countriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    countries: build.query<Country[], void>({
      query: () => apiPaths.countries,
      responseSchema: countriesResponse,
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});

export const { useCountriesQuery } = countriesApi;
