import { adminPaths, auditResponse, platformFiguresResponse, type AuditResponse, type PlatformFigures } from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';
import { listParams } from './queryParams.ts';

export interface AuditFilters {
  actor?: string;
  action?: string;
  subject?: string;
  from?: string;
  to?: string;
  page: number;
  size: number;
}

/** The audit log (read only: no route edits or deletes it) and the platform's morning figures. */
export const adminAuditApi = api.enhanceEndpoints({ addTagTypes: ['AdminAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    audit: build.query<AuditResponse, AuditFilters>({
      query: (query) => ({ url: adminPaths.audit, params: listParams(query) }),
      responseSchema: auditResponse,
      providesTags: ['AdminAudit'],
    }),
    platformFigures: build.query<PlatformFigures, void>({
      query: () => adminPaths.platform,
      responseSchema: platformFiguresResponse,
    }),
  }),
});

export const { useAuditQuery, usePlatformFiguresQuery } = adminAuditApi;
