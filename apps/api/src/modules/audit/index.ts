/** The admin audit log's public surface: every module that performs an admin act records it through here. */
export { recordAdminAct } from './record-admin-act.ts';
export type { AdminAct } from './record-admin-act.ts';
export { auditEntriesOfDeal, listAuditEntries, toAuditEntry } from './queries.ts';
export type { AuditFilters } from './queries.ts';
