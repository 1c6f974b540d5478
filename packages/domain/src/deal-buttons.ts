/** Which deal actions a wallet sees in the deal chat header (spec section 4, "Button rules"). */
import { OrderStatus } from './order-status.ts';
import { OfferSide } from './sides-and-sorting.ts';
import { type DealOrder, type DealRole, dealRoleOf, isDealParty } from './deal-roles.ts';
import { ORDER_ALREADY_RESOLVED_BY_ADMIN } from './messages.ts';
import { EscrowError, escrowMessage } from '@jelly/escrow/errors';

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

/** Statuses that hide every action button. */
export const ACTIONS_HIDDEN_STATUSES: readonly number[] = [
  OrderStatus.Completed,
  OrderStatus.Cancelled,
  OrderStatus.AdminResolving,
];

/** Deals that are under way: a support request makes sense only for these. */
const LIVE_DEAL_STATUSES: readonly number[] = [
  OrderStatus.InProgress,
  OrderStatus.CryptoGuyLockedCrypto,
  OrderStatus.SignedByOneParty,
];

/** Chat is closed for Completed or Cancelled orders. */
export function isChatClosed(status: number): boolean {
  return status === OrderStatus.Completed || status === OrderStatus.Cancelled;
}

/**
 * Cancel: Active by the creator; InProgress by creator or acceptor (database cancel);
 * Locked (8) by the fiat side only (on-chain cancel); otherwise not allowed.
 */
export function cancelKind(order: DealOrder, wallet: string | null | undefined): false | CancelKind {
  if (!wallet) return false;
  switch (order.status) {
    case OrderStatus.Active:
      return wallet === order.creatorWallet ? 'database' : false;
    case OrderStatus.InProgress:
      return isDealParty(order, wallet) ? 'database' : false;
    case OrderStatus.CryptoGuyLockedCrypto:
      return dealRoleOf(order, wallet) === 'fiat' ? 'onchain' : false;
    default:
      return false;
  }
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
    order.status === OrderStatus.InProgress
  );
}

/** Mark as Paid: Locked and the user is the fiat side, or SignedByOneParty and the user is the crypto side. */
export function showMarkAsPaid(order: DealOrder, wallet: string | null | undefined): boolean {
  const role = dealRoleOf(order, wallet);
  return (
    (order.status === OrderStatus.CryptoGuyLockedCrypto && role === 'fiat') ||
    (order.status === OrderStatus.SignedByOneParty && role === 'crypto')
  );
}

/** Everything the deal header needs for one viewer. */
export function dealActions(order: DealOrder, wallet: string | null | undefined): DealActions {
  const hidden = ACTIONS_HIDDEN_STATUSES.includes(order.status);
  const party = isDealParty(order, wallet);
  const hasCounterparty = !!order.acceptorWallet;
  return {
    role: dealRoleOf(order, wallet),
    isCreator: !!wallet && wallet === order.creatorWallet,
    isAcceptor: !!wallet && wallet === order.acceptorWallet,
    canCancel: hidden ? false : cancelKind(order, wallet),
    showLock: !hidden && showLock(order, wallet),
    showMarkAsPaid: !hidden && showMarkAsPaid(order, wallet),
    showSupportRequest: !hidden && party && hasCounterparty && LIVE_DEAL_STATUSES.includes(order.status),
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
  switch (status) {
    case OrderStatus.CryptoGuyLockedCrypto:
    case OrderStatus.SignedByOneParty:
    case OrderStatus.AdminResolving:
      return { enabled: true };
    case OrderStatus.AdminResolved:
      return { enabled: false, reason: ORDER_ALREADY_RESOLVED_BY_ADMIN };
    case OrderStatus.Completed:
      return { enabled: false, reason: escrowMessage(EscrowError.AlreadyCompleted) };
    case OrderStatus.Cancelled:
      return { enabled: false, reason: escrowMessage(EscrowError.AlreadyCancelled) };
    default:
      return { enabled: false, reason: 'No tokens are locked for this order' };
  }
}
