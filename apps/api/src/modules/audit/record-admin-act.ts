import { randomUUID } from 'node:crypto';
import type { AdminAction } from '@jelly/contracts';
import type { Queryable } from '../../db/rows.ts';
import { adminAuditLog } from '../../db/schema/index.ts';

export interface AdminAct {
  /** The admin wallet, or `server:<job>` for the server's own acts. */
  actor: string;
  /** What was done (the audit page filters by these names). */
  action: AdminAction;
  /** What it was done to: a wallet, a mint, a deal id, a swap id. */
  subject?: string | null;
  /** The deal, when the act concerns one (links the row to the deal's dossier). */
  orderId?: number | null;
  /** The record before and after the act (null when it did not exist / no longer exists). */
  before?: unknown;
  after?: unknown;
  txSignature?: string | null;
  reason?: string | null;
  /** Anything else worth keeping that has no column. */
  details?: Record<string, unknown>;
  at: Date;
}

/**
 * Appends one row to the admin audit log. Call it inside the act's own transaction so the act and its record commit
 * together. The table refuses UPDATE and DELETE (database trigger): a row, once written, stays as written.
 */
export async function recordAdminAct(db: Queryable, act: AdminAct): Promise<string> {
  const id = randomUUID();
  await db.insert(adminAuditLog).values({
    id,
    actor: act.actor,
    action: act.action,
    subject: act.subject ?? (act.orderId != null ? String(act.orderId) : null),
    orderId: act.orderId ?? null,
    before: act.before === undefined ? null : toJson(act.before),
    after: act.after === undefined ? null : toJson(act.after),
    txSignature: act.txSignature ?? null,
    reason: act.reason ?? null,
    details: act.details ?? {},
    createdAt: act.at,
  });
  return id;
}

/** Dates become ISO strings and bigints decimal strings, so any record can be stored as JSON. */
function toJson(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  ) as unknown;
}
