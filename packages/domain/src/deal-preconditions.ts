/**
 * Preconditions of the on-chain deal actions: lock, cancel, sign. Web checks them before building a transaction;
 * the api checks them again before co-signing. Which status and role may act comes from the deal state table
 * (deal-lifecycle.ts); this file adds the checks on the order's fields (parties known, amount positive).
 */
import type { OrderStatus } from './order-status.ts';
import { OfferSide } from './sides-and-sorting.ts';
import { type DealOrder, cryptoSideWallet, dealRoleOf, fiatSideWallet } from './deal-roles.ts';
import { type CancelKind } from './deal-buttons.ts';
import { DEAL_ACTIONS, actionAllowedFrom, decideDealAction, dealActorsOf, stepsFrom } from './deal-lifecycle.ts';
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
    wallet === order.creatorWallet && order.offerSide === OfferSide.Sell && actionAllowedFrom('lock', order.status);
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
    actionAllowedFrom('lock', order.status);
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
  if (!stepsFrom('cancel', order.status).some((s) => s.via === 'chain')) return fail(DEAL_ACTIONS.cancel.refusal(order.status));
  return pass();
}

/** Any cancel: which kind it is, or why it is refused (mirrors the Cancel button rule). */
export function checkCancel(order: DealOrder, wallet: string | null | undefined): Check<CancelKind> {
  if (stepsFrom('cancel', order.status).some((s) => s.via === 'chain')) {
    const check = checkCancelAfterLock(order, wallet);
    return check.ok ? pass('onchain') : check;
  }
  const decision = decideDealAction('cancel', order.status, dealActorsOf(order, wallet));
  return decision.ok ? pass('database') : fail(decision.message);
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
  const decision = decideDealAction('sign', order.status, [role]);
  return decision.ok ? pass(decision.step.to) : fail(decision.message);
}
