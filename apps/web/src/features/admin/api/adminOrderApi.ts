import {
  adminOrderResponse,
  adminResolveOutcome,
  dealPaths,
  type AdminOrderResponse,
  type AdminResolveOutcome,
  type AdminResolveRequest,
} from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';

/** The admin order chat's data: GET /admin/orders/{id} and POST /admin/orders/{id}/resolve. */
export const adminOrderApi = api.enhanceEndpoints({ addTagTypes: ['AdminOrder', 'AdminDispute', 'AdminDisputes', 'AdminAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    adminOrder: build.query<AdminOrderResponse, number>({
      query: (orderId) => dealPaths.adminOrder(orderId),
      responseSchema: adminOrderResponse,
      providesTags: (_result, _error, orderId) => [{ type: 'AdminOrder', id: orderId }],
    }),
    resolveAdminOrder: build.mutation<AdminResolveOutcome, { orderId: number } & AdminResolveRequest>({
      query: ({ orderId, ...body }) => ({ url: dealPaths.adminResolve(orderId), method: 'POST', body }),
      responseSchema: adminResolveOutcome,
      invalidatesTags: (_result, _error, { orderId }) => [{ type: 'AdminOrder', id: orderId }, { type: 'AdminDispute', id: orderId }, 'AdminDisputes', 'AdminAudit'],
    }),
  }),
});

export const { useAdminOrderQuery, useResolveAdminOrderMutation } = adminOrderApi;
