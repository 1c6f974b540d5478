import type { AuditEntry } from '@jelly/contracts';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { adminAuditLog } from '../../db/schema/index.ts';

export interface AuditFilters {
  actor?: string | undefined;
  action?: string | undefined;
  subject?: string | undefined;
  orderId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function where(filters: AuditFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.actor) parts.push(eq(adminAuditLog.actor, filters.actor));
  if (filters.action) parts.push(eq(adminAuditLog.action, filters.action));
  if (filters.subject) parts.push(eq(adminAuditLog.subject, filters.subject));
  if (filters.orderId !== undefined) parts.push(eq(adminAuditLog.orderId, filters.orderId));
  if (filters.from) parts.push(gte(adminAuditLog.createdAt, filters.from));
  if (filters.to) parts.push(lte(adminAuditLog.createdAt, filters.to));
  return parts.length > 0 ? and(...parts) : undefined;
}

type AuditRow = typeof adminAuditLog.$inferSelect;

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor: row.actor,
    action: row.action,
    subject: row.subject,
    orderId: row.orderId,
    before: row.before ?? null,
    after: row.after ?? null,
    txSignature: row.txSignature,
    reason: row.reason,
    at: row.createdAt.toISOString(),
  };
}

/** One page of the audit log, newest first, with the number of matching rows. */
export async function listAuditEntries(
  db: Queryable,
  filters: AuditFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const condition = where(filters);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(condition)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.seq))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(adminAuditLog).where(condition),
  ]);
  return { rows: rows.map(toAuditEntry), total: totals[0]?.n ?? 0 };
}

/** Every audit row of one deal, oldest first (the dossier's timeline). */
export async function auditEntriesOfDeal(db: Queryable, orderId: number): Promise<AuditEntry[]> {
  const rows = await db.select().from(adminAuditLog).where(eq(adminAuditLog.orderId, orderId)).orderBy(adminAuditLog.createdAt, adminAuditLog.seq);
  return rows.map(toAuditEntry);
}
