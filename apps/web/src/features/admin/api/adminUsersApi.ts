import { adminPaths, adminUserResponse, banResponse, unbanResponse, type AdminUser, type BanRequest, type BanResponse, type UnbanResponse } from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';

/** User lookup, ban and unban. */
export const adminUsersApi = api.enhanceEndpoints({ addTagTypes: ['AdminUser', 'AdminDisputes', 'AdminDispute', 'AdminAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    adminUser: build.query<AdminUser, string>({
      query: (wallet) => adminPaths.user(encodeURIComponent(wallet)),
      responseSchema: adminUserResponse,
      providesTags: (_result, _error, wallet) => [{ type: 'AdminUser', id: wallet }],
    }),
    banWallet: build.mutation<BanResponse, BanRequest>({
      query: (body) => ({ url: adminPaths.ban, method: 'POST', body }),
      responseSchema: banResponse,
      // A ban flags the wallet's running deals for review: the queue and the dossiers change too.
      invalidatesTags: (_result, _error, { wallet }) => [{ type: 'AdminUser', id: wallet }, 'AdminDisputes', 'AdminDispute', 'AdminAudit'],
    }),
    unbanWallet: build.mutation<UnbanResponse, string>({
      query: (wallet) => ({ url: adminPaths.unban(encodeURIComponent(wallet)), method: 'DELETE' }),
      responseSchema: unbanResponse,
      invalidatesTags: (_result, _error, wallet) => [{ type: 'AdminUser', id: wallet }, 'AdminDispute', 'AdminAudit'],
    }),
  }),
});

export const { useAdminUserQuery, useBanWalletMutation, useUnbanWalletMutation } = adminUsersApi;
