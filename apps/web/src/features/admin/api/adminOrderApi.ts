import {
  adminOrderResponse,
  adminResolveResponse,
  dealPaths,
  type AdminOrderResponse,
  type AdminResolveRequest,
  type AdminResolveResponse,
} from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';

/** The admin order chat's data: GET /admin/orders/{id} and POST /admin/orders/{id}/resolve. */
export const adminOrderApi = api.enhanceEndpoints({ addTagTypes: ['AdminOrder'] }).injectEndpoints({
  endpoints: (build) => ({
    adminOrder: build.query<AdminOrderResponse, number>({
      query: (orderId) => dealPaths.adminOrder(orderId),
      responseSchema: adminOrderResponse,
      providesTags: (_result, _error, orderId) => [{ type: 'AdminOrder', id: orderId }],
    }),
    resolveAdminOrder: build.mutation<AdminResolveResponse, { orderId: number } & AdminResolveRequest>({
      query: ({ orderId, ...body }) => ({ url: dealPaths.adminResolve(orderId), method: 'POST', body }),
      responseSchema: adminResolveResponse,
      invalidatesTags: (_result, _error, { orderId }) => [{ type: 'AdminOrder', id: orderId }],
    }),
  }),
});

export const { useAdminOrderQuery, useResolveAdminOrderMutation } = adminOrderApi;
