/**
 * Who may read the payment details the seller of a deal gives (where the buyer sends the fiat). The seller is the one
 * paid: a Sell offer's creator (they give them with the offer) or a Buy offer's claimer (they give them with the claim).
 * They are private: the seller always; the buyer only while the crypto is locked in escrow (before the lock the seller
 * has not committed anything, after the deal ends there is nothing left to pay); an admin only while the deal is
 * under dispute. The API refuses with these rules and the deal page asks only when they allow it.
 */
import { hasTokensInEscrow, isFinalStatus } from './deal-lifecycle.ts';
import { cryptoSideWallet, fiatSideWallet, type DealParties } from './deal-roles.ts';
import { OrderStatus } from './order-status.ts';
import { OfferSide } from './sides-and-sorting.ts';

/** At most this many characters of details per payment method (an IBAN with a name and a reference fits easily). */
export const MAX_PAYMENT_DETAILS_LENGTH = 500;

export const PAYMENT_DETAILS_MESSAGES = {
  notYet: 'The payment details show once the crypto is locked in escrow.',
  notAParty: 'Only the parties of this deal can see its payment details.',
  notTheCreator: "Only the offer's creator can see its payment details.",
  adminOnlyInDispute: 'Admins can see the payment details only while the deal is under dispute.',
  dealEnded: 'The deal has ended: its payment details are no longer shown.',
  sellOffersOnly: 'Payment details go on a Sell offer: on a Buy offer you are the one who pays.',
  unknownMethod: "Payment details can only be given for the offer's own payment methods.",
  duplicateMethod: 'Give the payment details of each payment method once.',
  claim: "On a Sell offer the payment details are its creator's: a claim carries none.",
  claimNeedsDetails: 'Give your payment details for at least one payment method: the buyer pays you there.',
  onlyCreatorChanges: "Only the offer's creator can change its payment details.",
  offerOnly: 'Payment details are set on the offer, not on a deal.',
  onlySellerGives: "Only the deal's seller can give its payment details.",
  dealDetailsGiven: 'The payment details of this deal are already given: they cannot be changed.',
  dealEndedNoDetails: 'The deal has ended: payment details can no longer be given.',
} as const;

/** The fields of an order (offer or deal) the rule reads. */
export interface PaymentDetailsOrder extends DealParties {
  readonly parentOrderId: number | null;
  readonly status: number;
  /** When the chain showed the deal's crypto locked; null before (or for a deal never locked). */
  readonly lockedAt: string | Date | null;
}

export type PaymentDetailsAccess = { ok: true } | { ok: false; reason: 'forbidden' | 'notYet'; error: string };

const allow: PaymentDetailsAccess = { ok: true };
const forbid = (error: string): PaymentDetailsAccess => ({ ok: false, reason: 'forbidden', error });

/**
 * The deal's crypto sits in escrow now. Locked and Signed By One Party exist only after the lock; a dispute may also
 * be opened before it, so there the recorded lock tells.
 */
function cryptoLocked(order: PaymentDetailsOrder): boolean {
  if (!hasTokensInEscrow(order.status)) return false;
  return order.status !== OrderStatus.AdminResolving || order.lockedAt !== null;
}

/** Whether `wallet` may read the payment details of this offer, or those of this deal's seller. */
export function paymentDetailsAccess(order: PaymentDetailsOrder, wallet: string | null, isAdmin: boolean): PaymentDetailsAccess {
  if (order.parentOrderId === null) return wallet !== null && wallet === order.creatorWallet ? allow : forbid(PAYMENT_DETAILS_MESSAGES.notTheCreator);
  if (wallet !== null && wallet === cryptoSideWallet(order)) return allow;
  if (wallet !== null && wallet === fiatSideWallet(order)) {
    if (cryptoLocked(order)) return allow;
    if (isFinalStatus(order.status)) return forbid(PAYMENT_DETAILS_MESSAGES.dealEnded);
    return { ok: false, reason: 'notYet', error: PAYMENT_DETAILS_MESSAGES.notYet };
  }
  if (isAdmin) return order.status === OrderStatus.AdminResolving ? allow : forbid(PAYMENT_DETAILS_MESSAGES.adminOnlyInDispute);
  return forbid(PAYMENT_DETAILS_MESSAGES.notAParty);
}

/** Only the side that receives the fiat has details to give: the creator of a Sell offer... */
export const offerTakesPaymentDetails = (offerSide: number): boolean => offerSide === OfferSide.Sell;

/** ...or the claimer of a Buy offer, who must give them with the claim so the buyer has them once the crypto is locked. */
export const claimTakesPaymentDetails = (offerSide: number): boolean => offerSide === OfferSide.Buy;

/**
 * The order the details of this offer or deal are stored under: a Sell offer's own id (its deals share them, and its
 * creator may change them), or a Buy offer's deal's id (each claimer gives their own).
 */
export function paymentDetailsOwnerId(order: { orderId: number; parentOrderId: number | null; offerSide: number }): number {
  return offerTakesPaymentDetails(order.offerSide) ? (order.parentOrderId ?? order.orderId) : order.orderId;
}
