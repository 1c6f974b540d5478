import { api } from '../../../lib/api/api.ts';
import { adminPaths } from './adminPaths.ts';
import { adminUser, type AdminUser, type BanRequest } from './adminShapes.ts';

/** User lookup, ban and unban. */
export const adminUsersApi = api.enhanceEndpoints({ addTagTypes: ['AdminUser', 'AdminDisputes', 'AdminDispute', 'AdminAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    adminUser: build.query<AdminUser, string>({
      query: (wallet) => adminPaths.user(wallet),
      responseSchema: adminUser,
      providesTags: (_result, _error, wallet) => [{ type: 'AdminUser', id: wallet }],
    }),
    banWallet: build.mutation<unknown, BanRequest>({
      query: (body) => ({ url: adminPaths.ban, method: 'POST', body }),
      // A ban flags the wallet's open deals for review: the queue and the dossiers change too.
      invalidatesTags: (_result, _error, { wallet }) => [{ type: 'AdminUser', id: wallet }, 'AdminDisputes', 'AdminDispute', 'AdminAudit'],
    }),
    unbanWallet: build.mutation<unknown, string>({
      query: (wallet) => ({ url: adminPaths.unban(wallet), method: 'DELETE' }),
      invalidatesTags: (_result, _error, wallet) => [{ type: 'AdminUser', id: wallet }, 'AdminAudit'],
    }),
  }),
});

export const { useAdminUserQuery, useBanWalletMutation, useUnbanWalletMutation } = adminUsersApi;
