import { describe, expect, it } from 'vitest';
import { OrderStatus } from './order-status.ts';
import {
  claimTakesPaymentDetails,
  PAYMENT_DETAILS_MESSAGES as M,
  offerTakesPaymentDetails,
  paymentDetailsAccess,
  paymentDetailsOwnerId,
  type PaymentDetailsOrder,
} from './payment-details.ts';

const SELLER = 'seller-wallet';
const BUYER = 'buyer-wallet';
const ADMIN = 'admin-wallet';
const STRANGER = 'stranger-wallet';
const LOCKED_AT = '2026-01-01T00:00:00.000Z';

const deal = (status: OrderStatus, lockedAt: string | null = LOCKED_AT): PaymentDetailsOrder => ({
  parentOrderId: 1,
  creatorWallet: SELLER,
  acceptorWallet: BUYER,
  offerSide: 0,
  status,
  lockedAt,
});

const S = OrderStatus;
const allowed = { ok: true };
const notYet = { ok: false, reason: 'notYet', error: M.notYet };
const forbidden = (error: string) => ({ ok: false, reason: 'forbidden', error });

describe('paymentDetailsAccess', () => {
  it.each([
    // the buyer (the counterparty): only while the crypto is locked
    [S.InProgress, null, BUYER, false, notYet],
    [S.CryptoGuyLockedCrypto, LOCKED_AT, BUYER, false, allowed],
    [S.SignedByOneParty, LOCKED_AT, BUYER, false, allowed],
    [S.AdminResolving, LOCKED_AT, BUYER, false, allowed],
    [S.AdminResolving, null, BUYER, false, notYet],
    [S.Completed, LOCKED_AT, BUYER, false, forbidden(M.dealEnded)],
    [S.Cancelled, null, BUYER, false, forbidden(M.dealEnded)],
    [S.Expired, LOCKED_AT, BUYER, false, forbidden(M.dealEnded)],
    [S.AdminResolved, LOCKED_AT, BUYER, false, forbidden(M.dealEnded)],
    // the creator: their own details, always
    [S.InProgress, null, SELLER, false, allowed],
    [S.Completed, LOCKED_AT, SELLER, false, allowed],
    // an admin: only in a dispute
    [S.AdminResolving, LOCKED_AT, ADMIN, true, allowed],
    [S.AdminResolving, null, ADMIN, true, allowed],
    [S.CryptoGuyLockedCrypto, LOCKED_AT, ADMIN, true, forbidden(M.adminOnlyInDispute)],
    [S.AdminResolved, LOCKED_AT, ADMIN, true, forbidden(M.adminOnlyInDispute)],
    // anyone else: never
    [S.CryptoGuyLockedCrypto, LOCKED_AT, STRANGER, false, forbidden(M.notAParty)],
    [S.AdminResolving, LOCKED_AT, STRANGER, false, forbidden(M.notAParty)],
    [S.CryptoGuyLockedCrypto, LOCKED_AT, null, false, forbidden(M.notAParty)],
  ] as const)('status %i, locked %s, %s (admin %s)', (status, lockedAt, wallet, isAdmin, expected) => {
    expect(paymentDetailsAccess(deal(status, lockedAt), wallet, isAdmin)).toEqual(expected);
  });

  it('lets only the creator read them from the offer itself', () => {
    const offer: PaymentDetailsOrder = { parentOrderId: null, creatorWallet: SELLER, acceptorWallet: null, offerSide: 0, status: S.Active, lockedAt: null };
    expect(paymentDetailsAccess(offer, SELLER, false)).toEqual(allowed);
    expect(paymentDetailsAccess(offer, STRANGER, false)).toEqual(forbidden(M.notTheCreator));
    expect(paymentDetailsAccess(offer, ADMIN, true)).toEqual(forbidden(M.notTheCreator));
  });

  it('takes details on Sell offers only (their creator receives the fiat)', () => {
    expect(offerTakesPaymentDetails(0)).toBe(true);
    expect(offerTakesPaymentDetails(1)).toBe(false);
  });

  it("takes them from a Buy offer's claimer only (the claimer sells and receives the fiat)", () => {
    expect(claimTakesPaymentDetails(1)).toBe(true);
    expect(claimTakesPaymentDetails(0)).toBe(false);
  });

  it("stores a Sell offer's details on the offer and a Buy offer's on each deal", () => {
    expect(paymentDetailsOwnerId({ orderId: 7, parentOrderId: 3, offerSide: 0 })).toBe(3);
    expect(paymentDetailsOwnerId({ orderId: 3, parentOrderId: null, offerSide: 0 })).toBe(3);
    expect(paymentDetailsOwnerId({ orderId: 7, parentOrderId: 3, offerSide: 1 })).toBe(7);
  });
});

describe('paymentDetailsAccess on a Buy offer deal (the creator buys, the claimer sells)', () => {
  // Same parties' roles as above, swapped on the order: the buyer created the offer, the seller claimed it.
  const buyDeal = (status: OrderStatus, lockedAt: string | null = LOCKED_AT): PaymentDetailsOrder => ({
    parentOrderId: 1,
    creatorWallet: BUYER,
    acceptorWallet: SELLER,
    offerSide: 1,
    status,
    lockedAt,
  });

  it.each([
    [S.InProgress, null, BUYER, false, notYet],
    [S.CryptoGuyLockedCrypto, LOCKED_AT, BUYER, false, allowed],
    [S.AdminResolving, null, BUYER, false, notYet],
    [S.Completed, LOCKED_AT, BUYER, false, forbidden(M.dealEnded)],
    [S.InProgress, null, SELLER, false, allowed],
    [S.Completed, LOCKED_AT, SELLER, false, allowed],
    [S.AdminResolving, LOCKED_AT, ADMIN, true, allowed],
    [S.CryptoGuyLockedCrypto, LOCKED_AT, ADMIN, true, forbidden(M.adminOnlyInDispute)],
    [S.CryptoGuyLockedCrypto, LOCKED_AT, STRANGER, false, forbidden(M.notAParty)],
  ] as const)('status %i, locked %s, %s (admin %s)', (status, lockedAt, wallet, isAdmin, expected) => {
    expect(paymentDetailsAccess(buyDeal(status, lockedAt), wallet, isAdmin)).toEqual(expected);
  });
});
