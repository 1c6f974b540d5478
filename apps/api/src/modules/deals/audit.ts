import type { AdminAction } from '@jelly/contracts';
import { recordAdminAct } from '../audit/index.ts';
import type { Queryable } from './queries.ts';

/** Writes one audit row for an admin (or automatic server) action on a deal, through the shared audit log. */
export async function audit(
  db: Queryable,
  entry: { actor: string; action: AdminAction; orderId: number | null; details?: Record<string, unknown>; at: Date },
): Promise<void> {
  const details = entry.details ?? {};
  const signature = typeof details.signature === 'string' ? details.signature : null;
  const reason = typeof details.reason === 'string' && details.reason !== '' ? details.reason : null;
  const before = details.statusBefore === undefined ? undefined : { status: details.statusBefore };
  const after = details.statusAfter === undefined ? undefined : { status: details.statusAfter };
  await recordAdminAct(db, {
    actor: entry.actor,
    action: entry.action,
    orderId: entry.orderId,
    before,
    after,
    txSignature: signature,
    reason,
    details,
    at: entry.at,
  });
}
