import '../../../lib/solana/buffer.ts';
import type { OrderDetails } from '@jelly/contracts';
import {
  cryptoSideWallet,
  dealAmounts,
  fiatSideWallet,
  fromBaseUnits,
  MISSING_REQUIRED_DATA,
  OrderStatus,
} from '@jelly/domain';
import {
  acceptOfferAndLockInstruction,
  cancelUniversalTicketInstruction,
  dealInstructionArgs,
  ensureTokenAccountsInstructions,
  signUniversalTicketInstruction,
  type EscrowTarget,
} from '@jelly/escrow';
import { PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { EscrowActionError } from '../../../lib/solana/escrowErrors.ts';

export type { EscrowTarget };

/**
 * The on-chain ids of a deal: the escrow's UniversalOrder is the OFFER (parent order id), each deal is a FillTicket
 * whose ticket id is the deal's own order id.
 */
export function dealChainIds(deal: OrderDetails): { orderId: bigint; ticketId: bigint } {
  if (deal.parentOrderId === null) throw new EscrowActionError(MISSING_REQUIRED_DATA);
  return { orderId: BigInt(deal.parentOrderId), ticketId: BigInt(deal.ticketId) };
}

function key(wallet: string | null): PublicKey {
  if (!wallet) throw new EscrowActionError(MISSING_REQUIRED_DATA);
  return new PublicKey(wallet);
}

/**
 * The two amounts the lock carries (domain dealAmounts): the deal's token amount in base units and its fiat value
 * in cents at the deal's price. The fiat value the server recorded at claim time wins when present, so the
 * co-signer's comparison with its records always holds.
 */
export function lockAmounts(deal: OrderDetails): { cryptoAmount: bigint; fiatAmount: bigint } {
  const computed = dealAmounts(fromBaseUnits(BigInt(deal.amount), deal.tokenDecimal), deal.tokenDecimal, deal.price);
  return {
    cryptoAmount: computed.cryptoAmount,
    fiatAmount: deal.fiatAmountCents === null ? computed.fiatAmount : BigInt(deal.fiatAmountCents),
  };
}

/** Lock (Sell offer): accept_offer_and_lock signed by the crypto side, moving the deal's amount into the vault. */
export function lockInstructions(deal: OrderDetails, target: EscrowTarget): TransactionInstruction[] {
  const offerTotal = deal.parentOffer?.totalAmount;
  if (!offerTotal) throw new EscrowActionError(MISSING_REQUIRED_DATA);
  const { orderId, ticketId } = dealChainIds(deal);
  const { cryptoAmount, fiatAmount } = lockAmounts(deal);
  const escrowDeal = {
    offerId: orderId,
    dealId: ticketId,
    tokenMint: deal.tokenMint,
    amount: cryptoAmount,
    fiatAmountCents: fiatAmount,
    offerSide: deal.offerSide,
    offerTotalAmount: offerTotal,
    creatorWallet: deal.creatorWallet,
    cryptoSideWallet: key(cryptoSideWallet(deal)).toBase58(),
    fiatSideWallet: key(fiatSideWallet(deal)).toBase58(),
  };
  return [acceptOfferAndLockInstruction(dealInstructionArgs(escrowDeal, target))];
}

/**
 * Mark as Paid: sign_universal_ticket by the signing party. The second signature (the crypto side confirming the
 * payment arrived, status SignedByOneParty) settles in the same instruction, so it carries the settlement accounts,
 * preceded by idempotent creations of the token accounts that receive the payout and the fee.
 */
export function signInstructions(
  deal: OrderDetails,
  signer: string,
  target: EscrowTarget,
  treasury: PublicKey | null,
): TransactionInstruction[] {
  const { orderId, ticketId } = dealChainIds(deal);
  const settles = deal.status === OrderStatus.SignedByOneParty;
  if (!settles) {
    return [signUniversalTicketInstruction({ admin: target.admin, signer: key(signer), orderId, ticketId, programId: target.programId })];
  }
  if (!treasury) throw new EscrowActionError(MISSING_REQUIRED_DATA);
  const mint = new PublicKey(deal.tokenMint);
  const fiatGuy = key(fiatSideWallet(deal));
  return [
    // the settling wallet pays for missing token accounts: the platform funds none a user could close for its rent
    ...ensureTokenAccountsInstructions(key(signer), mint, [fiatGuy, treasury]),
    signUniversalTicketInstruction({
      admin: target.admin,
      signer: key(signer),
      orderId,
      ticketId,
      settlement: { mint, fiatGuy, treasury },
      programId: target.programId,
    }),
  ];
}

/** Cancel after the lock: cancel_universal_ticket by the fiat side; the crypto side is refunded in full. */
export function cancelInstructions(deal: OrderDetails, target: EscrowTarget): TransactionInstruction[] {
  const { orderId, ticketId } = dealChainIds(deal);
  const mint = new PublicKey(deal.tokenMint);
  const cryptoGuy = key(cryptoSideWallet(deal));
  const fiatGuy = key(fiatSideWallet(deal));
  return [
    // the cancelling wallet pays if the refunded side's token account is missing (never the platform)
    ...ensureTokenAccountsInstructions(fiatGuy, mint, [cryptoGuy]),
    cancelUniversalTicketInstruction({
      admin: target.admin,
      fiatGuy,
      cryptoGuy,
      mint,
      orderId,
      ticketId,
      programId: target.programId,
    }),
  ];
}
