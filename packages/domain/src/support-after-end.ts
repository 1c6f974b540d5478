/**
 * Support Request after a deal ended: a buyer who paid must never be left without recourse (a refund that came
 * back, a transfer reversed after the release), so for 24 hours after a deal completed, expired or was cancelled
 * either party may still open a case for the admins. The case cannot move tokens (they left the escrow already); it
 * is recorded with the deal, counts in both parties' dispute record and lets the admins act on the accounts.
 * A deal an admin resolved is left out: the admins decided it already.
 */
import { DEAL_STATUS_GROUPS } from './deal-lifecycle.ts';
import { OrderStatus } from './order-status.ts';
import { type DealOrder, isDealParty } from './deal-roles.ts';

export const SUPPORT_AFTER_END_HOURS = 24;
const WINDOW_MS = SUPPORT_AFTER_END_HOURS * 60 * 60 * 1000;

/** The endings after which a case can still be opened: Completed, and the deals that ended without their trade (Cancelled, Expired). */
export const SUPPORT_AFTER_END_STATUSES: readonly OrderStatus[] = [OrderStatus.Completed, ...DEAL_STATUS_GROUPS.cancelled];

export const SUPPORT_WINDOW_CLOSED = `A support request can be opened up to ${SUPPORT_AFTER_END_HOURS} hours after a deal ended.`;

export interface EndedDeal extends DealOrder {
  /** When the deal last changed: for a completed, expired or cancelled deal, the moment it ended. */
  readonly updatedAt: string | Date;
}

/** The deal ended by completion, expiry or cancellation (a claimed deal, not an offer). */
export function endedForSupport(order: DealOrder): boolean {
  return !!order.acceptorWallet && SUPPORT_AFTER_END_STATUSES.includes(order.status as OrderStatus);
}

/** Until when a case can be opened on an ended deal. */
export function supportAfterEndUntil(order: EndedDeal): Date {
  return new Date(new Date(order.updatedAt).getTime() + WINDOW_MS);
}

/** Whether `wallet` may open a case on this ended deal at `now` (a party, within 24 hours of the ending). */
export function canRequestSupportAfterEnd(order: EndedDeal, wallet: string | null | undefined, now: Date): boolean {
  return endedForSupport(order) && isDealParty(order, wallet) && now.getTime() < supportAfterEndUntil(order).getTime();
}
