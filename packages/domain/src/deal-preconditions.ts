/**
 * Preconditions of the on-chain deal actions (spec section 5): lock, cancel, sign. Web checks them before
 * building a transaction; the api checks them again before co-signing.
 */
import { OrderStatus } from './order-status.ts';
import { OfferSide } from './sides-and-sorting.ts';
import { type DealOrder, cryptoSideWallet, dealRoleOf, fiatSideWallet, isDealParty } from './deal-roles.ts';
import { type CancelKind } from './deal-buttons.ts';
import {
  CONNECT_WALLET_TO_LOCK,
  COUNTERPARTIES_NOT_SET,
  INVALID_AMOUNT_TO_LOCK,
  LOCK_NOT_AVAILABLE,
  MISSING_FIAT_PARTICIPANT,
  NO_COUNTERPARTY_YET,
  ONLY_FIAT_SIDE_CAN_CANCEL,
} from './messages.ts';
import { EscrowError, escrowMessage } from '@jelly/escrow/errors';
import { type Check, fail, pass } from './result.ts';

const UNAUTHORIZED = escrowMessage(EscrowError.Unauthorized);
const CANNOT_CANCEL_AT_THIS_STAGE = escrowMessage(EscrowError.CannotCancel);

function lockBasics(order: DealOrder, wallet: string | null | undefined, amount: bigint): Check {
  if (!wallet) return fail(CONNECT_WALLET_TO_LOCK);
  if (!order.acceptorWallet) return fail(NO_COUNTERPARTY_YET);
  if (amount <= 0n) return fail(INVALID_AMOUNT_TO_LOCK);
  return pass();
}

/**
 * Lock button (Sell offer): needs a counterparty and a positive amount (base units); the caller must be the
 * creator, offerSide 0 and status InProgress.
 */
export function checkLock(order: DealOrder, wallet: string | null | undefined, amount: bigint): Check {
  const basics = lockBasics(order, wallet, amount);
  if (!basics.ok) return basics;
  const allowed =
    wallet === order.creatorWallet && order.offerSide === OfferSide.Sell && order.status === OrderStatus.InProgress;
  return allowed ? pass() : fail(LOCK_NOT_AVAILABLE);
}

/**
 * Lock while claiming a Buy offer: the acceptor is the crypto side and locks in the same step as claiming
 * (accept_offer_and_lock on the new InProgress child order). Same messages as `checkLock`.
 */
export function checkLockOnClaim(order: DealOrder, wallet: string | null | undefined, amount: bigint): Check {
  const basics = lockBasics(order, wallet, amount);
  if (!basics.ok) return basics;
  const allowed =
    wallet === order.acceptorWallet &&
    wallet !== order.creatorWallet &&
    order.offerSide === OfferSide.Buy &&
    order.status === OrderStatus.InProgress;
  return allowed ? pass() : fail(LOCK_NOT_AVAILABLE);
}

/** Either lock rule, chosen by who is the crypto side of the order. */
export function checkCryptoSideLock(order: DealOrder, wallet: string | null | undefined, amount: bigint): Check {
  return order.offerSide === OfferSide.Buy ? checkLockOnClaim(order, wallet, amount) : checkLock(order, wallet, amount);
}

/** Cancel after lock (on-chain refund): both counterparties set, caller is the fiat side, status Locked. */
export function checkCancelAfterLock(order: DealOrder, wallet: string | null | undefined): Check {
  if (!order.creatorWallet || !order.acceptorWallet) return fail(COUNTERPARTIES_NOT_SET);
  if (!wallet || wallet !== fiatSideWallet(order)) return fail(ONLY_FIAT_SIDE_CAN_CANCEL);
  if (order.status !== OrderStatus.CryptoGuyLockedCrypto) return fail(CANNOT_CANCEL_AT_THIS_STAGE);
  return pass();
}

/** Any cancel: which kind it is, or why it is refused (mirrors the Cancel button rule). */
export function checkCancel(order: DealOrder, wallet: string | null | undefined): Check<CancelKind> {
  switch (order.status) {
    case OrderStatus.Active:
      return wallet && wallet === order.creatorWallet ? pass('database') : fail(UNAUTHORIZED);
    case OrderStatus.InProgress:
      return isDealParty(order, wallet) ? pass('database') : fail(UNAUTHORIZED);
    case OrderStatus.CryptoGuyLockedCrypto: {
      const check = checkCancelAfterLock(order, wallet);
      return check.ok ? pass('onchain') : check;
    }
    default:
      return fail(CANNOT_CANCEL_AT_THIS_STAGE);
  }
}

/**
 * Signing (Mark as Paid): needs a fiat participant; the fiat side signs a Locked order (→ SignedByOneParty),
 * then the crypto side signs (→ Completed, settlement on this second signature).
 */
export function checkSign(order: DealOrder, wallet: string | null | undefined): Check<OrderStatus> {
  if (!fiatSideWallet(order)) return fail(MISSING_FIAT_PARTICIPANT);
  if (!cryptoSideWallet(order)) return fail(COUNTERPARTIES_NOT_SET);
  const role = dealRoleOf(order, wallet);
  if (!role) return fail(UNAUTHORIZED);
  if (order.status === OrderStatus.CryptoGuyLockedCrypto) {
    return role === 'fiat' ? pass(OrderStatus.SignedByOneParty) : fail(UNAUTHORIZED);
  }
  if (order.status === OrderStatus.SignedByOneParty) {
    return role === 'crypto' ? pass(OrderStatus.Completed) : fail(escrowMessage(EscrowError.AlreadyPerformed));
  }
  if (order.status === OrderStatus.InProgress) return fail(escrowMessage(EscrowError.CryptoGuyMustLockFirst));
  if (order.status === OrderStatus.Completed) return fail(escrowMessage(EscrowError.AlreadyCompleted));
  if (order.status === OrderStatus.Cancelled) return fail(escrowMessage(EscrowError.AlreadyCancelled));
  return fail(UNAUTHORIZED);
}
