import {
  adminPaths,
  type DISPUTE_QUEUE_STATUSES,
  adminResolveOutcome,
  dealPaths,
  disputeDossierResponse,
  disputeQueueResponse,
  paymentDetailsResponse,
  resolveApprovalDecisionResponse,
  supportCase,
  supportPaths,
  type AdminResolveOutcome,
  type SupportCase,
  type DisputeDossier,
  type DisputeQueueResponse,
  type PaymentDetailsResponse,
  type ResolveApprovalDecisionRequest,
  type ResolveApprovalDecisionResponse,
} from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';
import { listParams } from './queryParams.ts';

export type DisputeQueueStatus = (typeof DISPUTE_QUEUE_STATUSES)[number];

export interface DisputesQuery {
  status: DisputeQueueStatus;
  token?: string;
  fiat?: string;
  q?: string;
  page: number;
  size: number;
}

const caseTags = (orderId: number) => [{ type: 'AdminDispute' as const, id: orderId }, { type: 'AdminOrder' as const, id: orderId }, 'AdminDisputes' as const, 'AdminAudit' as const];

/** The dispute queue, a case's dossier, resolving it and the second admin's decision on a four-eyes request. */
export const adminDisputesApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminDispute', 'AdminDisputes', 'AdminOrder', 'AdminAudit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      disputes: build.query<DisputeQueueResponse, DisputesQuery>({
        query: (query) => ({ url: adminPaths.disputes, params: listParams(query) }),
        responseSchema: disputeQueueResponse,
        providesTags: ['AdminDisputes'],
      }),
      dispute: build.query<DisputeDossier, number>({
        query: (orderId) => adminPaths.dispute(orderId),
        responseSchema: disputeDossierResponse,
        providesTags: (_result, _error, orderId) => [{ type: 'AdminDispute', id: orderId }],
      }),
      /** The seller's payment details while the deal is under dispute (the server audits every read). */
      disputePaymentDetails: build.query<PaymentDetailsResponse, number>({
        query: (orderId) => adminPaths.disputePaymentDetails(orderId),
        responseSchema: paymentDetailsResponse,
        // Private data: dropped as soon as no screen shows it; a resolution ends the dispute and refetches.
        keepUnusedDataFor: 0,
        providesTags: (_result, _error, orderId) => [{ type: 'AdminDispute', id: orderId }],
      }),
      resolveDispute: build.mutation<AdminResolveOutcome, { orderId: number; releaseTo: 'buyer' | 'seller'; reason: string }>({
        query: ({ orderId, ...body }) => ({ url: dealPaths.adminResolve(orderId), method: 'POST', body }),
        responseSchema: adminResolveOutcome,
        invalidatesTags: (_result, _error, { orderId }) => caseTags(orderId),
      }),
      decideResolution: build.mutation<ResolveApprovalDecisionResponse, { orderId: number } & ResolveApprovalDecisionRequest>({
        query: ({ orderId, ...body }) => ({ url: adminPaths.approvals(orderId), method: 'POST', body }),
        responseSchema: resolveApprovalDecisionResponse,
        invalidatesTags: (_result, _error, { orderId }) => caseTags(orderId),
      }),
      /** Closes the support case on an ended deal with a reason both parties read (audited by the server). */
      closeSupportCase: build.mutation<SupportCase, { orderId: number; reason: string }>({
        query: ({ orderId, reason }) => ({ url: supportPaths.closeCase(orderId), method: 'POST', body: { reason } }),
        responseSchema: supportCase,
        invalidatesTags: (_result, _error, { orderId }) => caseTags(orderId),
      }),
    }),
  });

export const {
  useDisputesQuery,
  useDisputeQuery,
  useDisputePaymentDetailsQuery,
  useResolveDisputeMutation,
  useDecideResolutionMutation,
  useCloseSupportCaseMutation,
} = adminDisputesApi;
