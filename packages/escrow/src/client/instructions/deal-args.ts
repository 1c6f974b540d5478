// One mapping from a deal, as the web and the API both know it, to the escrow instructions' arguments: the
// escrow's UniversalOrder is the offer (its id is the parent order's id), each deal is a FillTicket whose id is
// the deal's own order id; the crypto side locks, the fiat side is named in the lock.
import { PublicKey } from '@solana/web3.js';
import type { AcceptOfferAndLockParams } from './accept-offer-and-lock.ts';

type Id = bigint | number | string;

export interface EscrowDeal {
  /** The offer (parent order) id: the on-chain order id. */
  offerId: Id;
  /** The deal's own order id: the on-chain ticket id. */
  dealId: Id;
  tokenMint: string;
  /** The deal's crypto amount in base units. */
  amount: Id;
  fiatAmountCents: Id;
  /** 0 = Sell offer (its creator is the crypto side), 1 = Buy offer. */
  offerSide: number;
  /** The offer's total crypto amount in base units. */
  offerTotalAmount: Id;
  creatorWallet: string;
  cryptoSideWallet: string;
  fiatSideWallet: string;
}

/** Where the escrow lives: the program and the platform's admin key (fee payer and co-signer). */
export interface EscrowTarget {
  programId: PublicKey;
  admin: PublicKey;
}

/** The on-chain ids of a deal, for the ticket instructions (sign, cancel). */
export function dealTicketIds(deal: Pick<EscrowDeal, 'offerId' | 'dealId'>, target: Pick<EscrowTarget, 'programId'>) {
  return { orderId: BigInt(deal.offerId), ticketId: BigInt(deal.dealId), programId: target.programId };
}

/** accept_offer_and_lock's arguments for a deal: what the locker signs and the co-signer rebuilds to compare. */
export function dealInstructionArgs(deal: EscrowDeal, target: EscrowTarget): AcceptOfferAndLockParams {
  return {
    admin: target.admin,
    locker: new PublicKey(deal.cryptoSideWallet),
    mint: new PublicKey(deal.tokenMint),
    ...dealTicketIds(deal, target),
    cryptoAmount: BigInt(deal.amount),
    fiatAmount: BigInt(deal.fiatAmountCents),
    isSellOrder: deal.offerSide === 0,
    creator: new PublicKey(deal.creatorWallet),
    fiatGuy: new PublicKey(deal.fiatSideWallet),
    offerAmount: BigInt(deal.offerTotalAmount),
  };
}
