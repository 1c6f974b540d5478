import type { AuditEntry, DealEvent } from '@jelly/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { dealTransactions, dealWindowExtensions, supportRequests } from '../../db/schema/index.ts';
import type { OrderRow } from '../orders/index.ts';

const TX_EVENTS = {
  lock: { kind: 'locked', label: 'Escrow lock' },
  sign: { kind: 'signed', label: 'Release signature' },
  cancel: { kind: 'cancelled', label: 'Cancel on chain' },
  admin_resolve: { kind: 'resolved', label: 'Admin resolution on chain' },
} as const;

const AUDIT_EVENTS: Record<string, { kind: DealEvent['kind']; label: string }> = {
  resolve_to_buyer: { kind: 'resolved', label: 'Admin resolved to the buyer' },
  resolve_to_seller: { kind: 'resolved', label: 'Admin resolved to the seller' },
  resolve_requested: { kind: 'resolve_requested', label: 'Admin asked for a four-eyes resolution' },
  resolve_approved: { kind: 'admin_act', label: 'Second admin approved the resolution' },
  resolve_rejected: { kind: 'resolve_rejected', label: 'Second admin rejected the resolution' },
  refund_expired_lock: { kind: 'expired', label: 'Payment window ran out: the seller was refunded' },
  refund_orphaned_lock: { kind: 'cancelled', label: 'An orphaned lock was refunded' },
};

const event = (at: Date, kind: DealEvent['kind'], actor: string | null, label: string, signature: string | null = null, txState: DealEvent['txState'] = null): DealEvent => ({
  at: at.toISOString(),
  kind,
  actor,
  label,
  signature,
  txState,
});

/**
 * The deal's story, oldest first: its creation, every escrow transaction with its signature and outcome, the support
 * requests, the requests for more time and their answers, the review flag and every admin act on it.
 */
export async function dealTimeline(
  db: Queryable,
  deal: OrderRow,
  audit: readonly AuditEntry[],
  flag: { reason: string; flaggedBy: string; flaggedAt: Date } | null,
): Promise<DealEvent[]> {
  const [transactions, requests, extensions] = await Promise.all([
    db.select().from(dealTransactions).where(eq(dealTransactions.orderId, deal.orderId)).orderBy(asc(dealTransactions.createdAt)),
    db.select().from(supportRequests).where(eq(supportRequests.orderId, deal.orderId)).orderBy(asc(supportRequests.createdAt)),
    db.select().from(dealWindowExtensions).where(eq(dealWindowExtensions.dealId, deal.orderId)).orderBy(asc(dealWindowExtensions.createdAt)),
  ]);
  const events: DealEvent[] = [event(deal.createdAt, 'created', deal.acceptorWallet, 'Deal opened on the offer')];
  const hasLockTx = transactions.some((t) => t.kind === 'lock');
  if (deal.lockedAt && !hasLockTx) events.push(event(deal.lockedAt, 'locked', null, 'Escrow lock', deal.lockSignature));
  for (const t of transactions) {
    const known = TX_EVENTS[t.kind as keyof typeof TX_EVENTS];
    const label = `${known?.label ?? t.kind}${t.state === 'failed' ? ` failed${t.errorMessage ? `: ${t.errorMessage}` : ''}` : ''}`;
    const state = t.state === 'confirmed' || t.state === 'failed' || t.state === 'pending' ? t.state : null;
    events.push(event(t.createdAt, known?.kind ?? 'transaction', t.submittedBy, label, t.signature, state));
  }
  for (const r of requests) {
    const text = r.state === null ? 'Support request: the deal went to the admins' : `Support case opened on the ended deal${r.message ? `: “${r.message}”` : ''}`;
    events.push(event(r.createdAt, 'dispute_opened', r.requesterWallet, text));
  }
  for (const x of extensions) {
    events.push(event(x.createdAt, 'window_extension', x.requestedBy, `Asked for ${x.minutes} more minutes`));
    if (x.answeredAt) {
      events.push(event(x.answeredAt, 'window_extension', x.answeredBy, `${x.state === 'accepted' ? 'Accepted' : 'Declined'} ${x.minutes} more minutes`));
    }
  }
  if (flag) events.push(event(flag.flaggedAt, 'flagged', flag.flaggedBy, `Flagged for review: ${flag.reason}`));
  for (const a of audit) {
    const known = AUDIT_EVENTS[a.action] ?? { kind: 'admin_act' as const, label: a.action };
    const label = a.reason ? `${known.label}: ${a.reason}` : known.label;
    events.push(event(new Date(a.at), known.kind, a.actor, label, a.txSignature));
  }
  return events.sort((x, y) => x.at.localeCompare(y.at));
}
