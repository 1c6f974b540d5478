/**
 * The deal state machine (spec section 4, "Deal flow"). The api uses it for conditional updates
 * (UPDATE … WHERE status = from); the web uses it for optimistic local updates.
 */
import { OrderStatus } from './order-status.ts';

export type DealTransition =
  | 'accept' // claiming an Active offer creates a child order as InProgress
  | 'lock' // the crypto side locks tokens
  | 'sign' // a party signs the ticket
  | 'cancel' // plain database cancel, or on-chain cancel after lock
  | 'supportRequest' // a party asks the admin for help
  | 'adminResolve'; // the admin releases to the fiat side or refunds the crypto side

/** For each transition: the statuses it may start from and where each one leads. */
export const DEAL_TRANSITIONS: Readonly<Record<DealTransition, ReadonlyMap<OrderStatus, OrderStatus>>> = {
  accept: new Map([[OrderStatus.Active, OrderStatus.InProgress]]),
  lock: new Map([[OrderStatus.InProgress, OrderStatus.CryptoGuyLockedCrypto]]),
  sign: new Map([
    [OrderStatus.CryptoGuyLockedCrypto, OrderStatus.SignedByOneParty],
    [OrderStatus.SignedByOneParty, OrderStatus.Completed],
  ]),
  cancel: new Map([
    [OrderStatus.Active, OrderStatus.Cancelled],
    [OrderStatus.InProgress, OrderStatus.Cancelled],
    [OrderStatus.CryptoGuyLockedCrypto, OrderStatus.Cancelled],
  ]),
  supportRequest: new Map([
    [OrderStatus.InProgress, OrderStatus.AdminResolving],
    [OrderStatus.CryptoGuyLockedCrypto, OrderStatus.AdminResolving],
    [OrderStatus.SignedByOneParty, OrderStatus.AdminResolving],
  ]),
  adminResolve: new Map([
    [OrderStatus.CryptoGuyLockedCrypto, OrderStatus.AdminResolved],
    [OrderStatus.SignedByOneParty, OrderStatus.AdminResolved],
    [OrderStatus.AdminResolving, OrderStatus.AdminResolved],
  ]),
};

/** The status a transition leads to from `from`, or undefined when it is not allowed from there. */
export function nextDealStatus(transition: DealTransition, from: number): OrderStatus | undefined {
  return DEAL_TRANSITIONS[transition].get(from as OrderStatus);
}

/** The statuses a transition may start from (for `WHERE status IN (…)`). */
export function dealTransitionSources(transition: DealTransition): OrderStatus[] {
  return [...DEAL_TRANSITIONS[transition].keys()];
}

/**
 * Status after a signature as the original client sets it: SignedByOneParty when the order was Locked (8),
 * otherwise Completed.
 */
export function statusAfterSignature(current: number): OrderStatus {
  return current === OrderStatus.CryptoGuyLockedCrypto ? OrderStatus.SignedByOneParty : OrderStatus.Completed;
}
