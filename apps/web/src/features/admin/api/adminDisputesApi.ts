import { dealPaths } from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';
import { adminPaths } from './adminPaths.ts';
import { listParams } from './queryParams.ts';
import { disputeDossier, disputesPage, resolveOutcome, type DisputeDossier, type DisputeRow, type DisputesQuery, type ResolveOutcome } from './adminShapes.ts';

/** The dispute queue, a case's dossier, resolving it and the second admin's approval. */
export const adminDisputesApi = api.enhanceEndpoints({ addTagTypes: ['AdminDispute', 'AdminDisputes', 'AdminOrder'] }).injectEndpoints({
  endpoints: (build) => ({
    disputes: build.query<{ data: DisputeRow[]; total: number }, DisputesQuery>({
      query: (query) => ({ url: adminPaths.disputes, params: listParams(query) }),
      responseSchema: disputesPage,
      providesTags: ['AdminDisputes'],
    }),
    dispute: build.query<DisputeDossier, number>({
      query: (orderId) => adminPaths.dispute(orderId),
      responseSchema: disputeDossier,
      providesTags: (_result, _error, orderId) => [{ type: 'AdminDispute', id: orderId }],
    }),
    resolveDispute: build.mutation<ResolveOutcome, { orderId: number; releaseTo: 'buyer' | 'seller'; reason: string }>({
      query: ({ orderId, ...body }) => ({ url: dealPaths.adminResolve(orderId), method: 'POST', body }),
      responseSchema: resolveOutcome,
      invalidatesTags: (_result, _error, { orderId }) => [
        { type: 'AdminDispute', id: orderId },
        { type: 'AdminOrder', id: orderId },
        'AdminDisputes',
      ],
    }),
    approveResolution: build.mutation<ResolveOutcome, { orderId: number; approvalId: string }>({
      query: ({ orderId, approvalId }) => ({ url: adminPaths.approvals(orderId), method: 'POST', body: { approvalId } }),
      responseSchema: resolveOutcome,
      invalidatesTags: (_result, _error, { orderId }) => [
        { type: 'AdminDispute', id: orderId },
        { type: 'AdminOrder', id: orderId },
        'AdminDisputes',
      ],
    }),
  }),
});

export const { useDisputesQuery, useDisputeQuery, useResolveDisputeMutation, useApproveResolutionMutation } = adminDisputesApi;
