import { adminPaths, overdueResponse, type OverdueResponse } from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';

/** Everything in which money or a decision waits past its deadline (the watchdog's live view). */
export const adminOverdueApi = api.injectEndpoints({
  endpoints: (build) => ({
    overdue: build.query<OverdueResponse, void>({
      query: () => adminPaths.overdue,
      responseSchema: overdueResponse,
    }),
  }),
});

export const { useOverdueQuery } = adminOverdueApi;
