/** Which deal actions a wallet sees in the deal chat header, read from the deal state table (deal-lifecycle.ts). */
import { OrderStatus } from './order-status.ts';
import { OfferSide } from './sides-and-sorting.ts';
import { type DealOrder, type DealRole, dealRoleOf, isDealParty } from './deal-roles.ts';
import {
  ADMIN_RESOLVE_REFUSALS,
  actionAllowedFrom,
  actionSources,
  dealActorsOf,
  dealStatusRules,
  dealStep,
  isChatClosed,
} from './deal-lifecycle.ts';
import { NO_TOKENS_LOCKED } from './messages.ts';
import { canRequestSupportAfterEnd } from './support-after-end.ts';

/** How a cancel would run: 'database' before a lock, 'onchain' (escrow refund) after it. */
export type CancelKind = 'database' | 'onchain';

export interface DealActions {
  readonly role: DealRole | null;
  readonly isCreator: boolean;
  readonly isAcceptor: boolean;
  readonly canCancel: false | CancelKind;
  readonly showLock: boolean;
  readonly showMarkAsPaid: boolean;
  readonly showSupportRequest: boolean;
  readonly chatClosed: boolean;
}

/**
 * Cancel: Active by the creator; InProgress by creator or acceptor (database cancel);
 * Locked (8) by the fiat side only (on-chain cancel); otherwise not allowed.
 */
export function cancelKind(order: DealOrder, wallet: string | null | undefined): false | CancelKind {
  const step = dealStep('cancel', order.status, dealActorsOf(order, wallet));
  if (!step) return false;
  return step.via === 'chain' ? 'onchain' : 'database';
}

/**
 * Lock is shown to the creator when offerSide is 0 (Sell offer: the creator is the crypto side) and the status
 * is InProgress. For a Buy offer the acceptor is the crypto side and locks while claiming
 * (accept_offer_and_lock), so there is no separate Lock button; see `cryptoSideWallet`.
 */
export function showLock(order: DealOrder, wallet: string | null | undefined): boolean {
  return (
    !!wallet &&
    wallet === order.creatorWallet &&
    order.offerSide === OfferSide.Sell &&
    !!dealStep('lock', order.status, dealActorsOf(order, wallet))
  );
}

/** Mark as Paid: Locked and the user is the fiat side, or SignedByOneParty and the user is the crypto side. */
export function showMarkAsPaid(order: DealOrder, wallet: string | null | undefined): boolean {
  const role = dealRoleOf(order, wallet);
  return !!role && !!dealStep('sign', order.status, [role]);
}

/**
 * Everything the deal header needs for one viewer. With `now` and the deal's `updatedAt`, Support Request also
 * stays for 24 hours after the deal completed, expired or was cancelled (support-after-end.ts).
 */
export function dealActions(
  order: DealOrder & { readonly updatedAt?: string | Date },
  wallet: string | null | undefined,
  now?: Date,
): DealActions {
  const { updatedAt } = order;
  const afterEnd = !!now && updatedAt !== undefined && canRequestSupportAfterEnd({ ...order, updatedAt }, wallet, now);
  const hidden = dealStatusRules(order.status)?.partyButtons === false;
  const party = isDealParty(order, wallet);
  const hasCounterparty = !!order.acceptorWallet;
  return {
    role: dealRoleOf(order, wallet),
    isCreator: !!wallet && wallet === order.creatorWallet,
    isAcceptor: !!wallet && wallet === order.acceptorWallet,
    canCancel: hidden ? false : cancelKind(order, wallet),
    showLock: !hidden && showLock(order, wallet),
    showMarkAsPaid: !hidden && showMarkAsPaid(order, wallet),
    showSupportRequest: afterEnd || (!hidden && party && hasCounterparty && actionAllowedFrom('supportRequest', order.status)),
    chatClosed: isChatClosed(order.status),
  };
}

export interface AdminResolveState {
  readonly enabled: boolean;
  /** Why the resolve buttons are disabled, when they are. */
  readonly reason?: string;
}

/**
 * Admin "resolve to Buyer / to Seller": possible while tokens sit in escrow (Locked, SignedByOneParty,
 * AdminResolving); disabled with 'Order already resolved by admin.' once AdminResolved.
 */
export function adminResolveState(status: number): AdminResolveState {
  if (actionSources('adminResolve', { via: 'chain' }).includes(status as OrderStatus)) return { enabled: true };
  // An expired deal's admin screen says that nothing is locked rather than that it expired.
  const reason = status === OrderStatus.Expired ? undefined : ADMIN_RESOLVE_REFUSALS.get(status as OrderStatus);
  return { enabled: false, reason: reason ?? NO_TOKENS_LOCKED };
}
