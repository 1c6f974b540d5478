import { api } from '../../../lib/api/api.ts';
import { adminPaths } from './adminPaths.ts';
import { mintInspection, type MintInspection, type NewTokenRequest } from './adminShapes.ts';

/** Token listing: read a mint from the chain, list it, edit or disable it. */
export const adminTokensApi = api.enhanceEndpoints({ addTagTypes: ['AdminAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    inspectMint: build.query<MintInspection, string>({
      query: (mint) => ({ url: adminPaths.inspectMint, params: { mint } }),
      responseSchema: mintInspection,
    }),
    createToken: build.mutation<unknown, NewTokenRequest>({
      query: (body) => ({ url: adminPaths.newCoin, method: 'POST', body }),
      invalidatesTags: ['AdminAudit'],
    }),
    updateToken: build.mutation<unknown, { mint: string } & Partial<Omit<NewTokenRequest, 'mint'>> & { disabled?: boolean }>({
      query: ({ mint, ...body }) => ({ url: adminPaths.token(mint), method: 'PATCH', body }),
      invalidatesTags: ['AdminAudit'],
    }),
  }),
});

export const { useLazyInspectMintQuery, useCreateTokenMutation, useUpdateTokenMutation } = adminTokensApi;
