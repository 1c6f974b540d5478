import {
  adminPaths,
  adminTokensResponse,
  newCoinResponse,
  tokenInspection,
  updateTokenResponse,
  type AdminToken,
  type NewCoinRequest,
  type NewCoinResponse,
  type TokenInspection,
  type UpdateTokenRequest,
} from '@jelly/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api/api.ts';
import { catalogueApi } from '../../../lib/reference/catalogueApi.ts';

type UpdateTokenResponse = z.infer<typeof updateTokenResponse>;

/** Token listing: read a mint from the chain, list it, edit or disable it; the pickers' coin list reloads after. */
export const adminTokensApi = api.enhanceEndpoints({ addTagTypes: ['AdminTokens', 'AdminAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    adminTokens: build.query<AdminToken[], void>({
      query: () => adminPaths.tokens,
      responseSchema: adminTokensResponse,
      providesTags: ['AdminTokens'],
    }),
    inspectMint: build.query<TokenInspection, string>({
      query: (mint) => ({ url: adminPaths.tokenInspect, params: { mint } }),
      responseSchema: tokenInspection,
    }),
    createToken: build.mutation<NewCoinResponse, NewCoinRequest>({
      query: (body) => ({ url: adminPaths.newCoin, method: 'POST', body }),
      responseSchema: newCoinResponse,
      invalidatesTags: ['AdminTokens', 'AdminAudit'],
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        await queryFulfilled.then(() => dispatch(catalogueApi.endpoints.coins.initiate(undefined, { forceRefetch: true })), () => undefined);
      },
    }),
    updateToken: build.mutation<UpdateTokenResponse, { mint: string } & UpdateTokenRequest>({
      query: ({ mint, ...body }) => ({ url: adminPaths.token(encodeURIComponent(mint)), method: 'PATCH', body }),
      responseSchema: updateTokenResponse,
      invalidatesTags: ['AdminTokens', 'AdminAudit'],
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        await queryFulfilled.then(() => dispatch(catalogueApi.endpoints.coins.initiate(undefined, { forceRefetch: true })), () => undefined);
      },
    }),
  }),
});

export const { useAdminTokensQuery, useLazyInspectMintQuery, useCreateTokenMutation, useUpdateTokenMutation } = adminTokensApi;
