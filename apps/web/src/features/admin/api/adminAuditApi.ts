import { api } from '../../../lib/api/api.ts';
import { adminPaths } from './adminPaths.ts';
import { listParams } from './queryParams.ts';
import { auditPage, platformFigures, type AuditQuery, type AuditRow, type PlatformFigures } from './adminShapes.ts';

/** The audit log (read only: no route edits or deletes it) and the platform's morning figures. */
export const adminAuditApi = api.enhanceEndpoints({ addTagTypes: ['AdminAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    audit: build.query<{ data: AuditRow[]; total: number }, AuditQuery>({
      query: (query) => ({ url: adminPaths.audit, params: listParams(query) }),
      responseSchema: auditPage,
      providesTags: ['AdminAudit'],
    }),
    platformFigures: build.query<PlatformFigures, void>({
      query: () => adminPaths.platform,
      responseSchema: platformFigures,
    }),
  }),
});

export const { useAuditQuery, usePlatformFiguresQuery } = adminAuditApi;
