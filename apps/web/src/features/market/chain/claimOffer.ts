import '../../../lib/solana/buffer.ts';
import type { OrderDetails, PaymentDetailsEntry } from '@jelly/contracts';
import {
  checkConfirmAmount,
  FAILED_TO_LOCK_ORDER,
  OfferSide,
  toBaseUnits,
  UNEXPECTED_ERROR,
  WALLET_NOT_READY,
} from '@jelly/domain';
import { acceptOfferAndLockInstruction, dealInstructionArgs } from '@jelly/escrow';
import { PublicKey, type Connection } from '@solana/web3.js';
import type { EndpointDispatch } from '../../../lib/api/api.ts';
import { ApiError, unwrapApi } from '../../../lib/api/apiError.ts';
import { orderCancelApi } from '../../../lib/api/orderCancelApi.ts';
import { EscrowActionError } from '../../../lib/solana/escrowErrors.ts';
import { submitEscrowInstruction, type EscrowSubmitContext } from '../../../lib/solana/submitEscrowInstruction.ts';
import { assertCanSell, assertFeeBalance } from '../../../lib/solana/walletChecks.ts';
import { marketApi } from '../api/marketApi.ts';
import { availableTokens, type OfferView } from '../offerFigures.ts';

/** A claim that could not be made; `message` is what to show the user. */
export class ClaimError extends Error {
  override readonly name = 'ClaimError';
}

export interface ClaimContext {
  /** Runs the API's endpoints (the claim, the deal's read, the co-signer, the cancel). */
  dispatch: EndpointDispatch;
  wallet: EscrowSubmitContext['wallet'];
  connection: (Pick<Connection, 'getBalance' | 'getAccountInfo'> & EscrowSubmitContext['connection']) | null;
  /** GET /platform/config: the admin key paying fees and the escrow program. */
  feePayer: string | null | undefined;
  escrowProgramId: string | null | undefined;
  /** The signed-in wallet (the API's caller). */
  signedInWallet: string | null;
}

export interface ClaimResult {
  dealId: number;
  /** A Buy offer's claimer locked the tokens in the same step. */
  locked: boolean;
}

/**
 * Claims `amountText` tokens of an offer (Confirm Operation):
 * 1. wallet checks — at least 0.001 SOL; when the claimer sells (a Buy offer), a token balance covering the amount;
 * 2. POST /orders/create-order with parentOrderId → the deal, InProgress, at `quotedPrice` (the price its total was
 *    shown at; the server refuses the claim when the price has moved since, and the modal shows the new total);
 * 3. for a Buy offer the claimer is the crypto side and locks at once: accept_offer_and_lock built from the
 *    deal the server created, signed by the wallet, co-signed through POST /platform/admin/sign-and-send.
 *    If the lock fails the deal is cancelled again (its amount goes back to the offer), so nothing is left
 *    waiting for a lock nobody can make.
 */
export async function claimOffer(
  offer: OfferView,
  amountText: string,
  ctx: ClaimContext,
  quotedPrice?: string,
  paymentDetails?: readonly PaymentDetailsEntry[],
): Promise<ClaimResult> {
  const { wallet, connection } = ctx;
  const owner = wallet.publicKey;
  if (!owner || !connection || !ctx.signedInWallet) throw new ClaimError(WALLET_NOT_READY);
  if (owner.toBase58() !== ctx.signedInWallet) {
    throw new ClaimError('The connected wallet is not the signed-in one. Reconnect the wallet you signed in with.');
  }

  const amountCheck = checkConfirmAmount(amountText, availableTokens(offer));
  if (!amountCheck.ok) throw new ClaimError(amountCheck.error);
  const amount = toBaseUnits(amountText, offer.tokenDecimal);
  const claimerSells = offer.offerSide === OfferSide.Buy;

  await userFacing(async () => {
    if (claimerSells) {
      await assertCanSell(connection, owner, { mint: new PublicKey(offer.tokenMint), amount, symbol: offer.tokenName, amountText });
    } else {
      await assertFeeBalance(connection, owner);
    }
  });

  const claim = {
    parentOrderId: offer.orderId,
    amount: amount.toString(),
    acceptorWallet: ctx.signedInWallet,
    ...(quotedPrice ? { quotedPrice } : {}),
    // The seller's payment details go with a Buy offer's claim, so the deal has them before the crypto is locked.
    ...(claimerSells && paymentDetails && paymentDetails.length > 0 ? { paymentDetails: [...paymentDetails] } : {}),
  };
  const { orderId: dealId } = await userFacing(() => unwrapApi(ctx.dispatch(marketApi.endpoints.createDeal.initiate(claim, { track: false }))));
  if (!claimerSells) return { dealId, locked: false };

  try {
    // The deal as the server created it (its ticket id and fiat amount), read fresh and not kept subscribed.
    const deal = await unwrapApi(ctx.dispatch(marketApi.endpoints.orderDetails.initiate(dealId, { subscribe: false, forceRefetch: true })));
    await submitEscrowInstruction(lockInstruction(deal, owner, ctx), {
      wallet,
      connection,
      feePayer: ctx.feePayer,
      dispatch: ctx.dispatch,
    });
  } catch (error) {
    await cancelDeal(ctx.dispatch, dealId, offer.orderId);
    throw new ClaimError(error instanceof EscrowActionError || error instanceof ClaimError ? error.message : FAILED_TO_LOCK_ORDER);
  }
  return { dealId, locked: true };
}

/** accept_offer_and_lock for a deal on a Buy offer: the claimer locks, the offer's creator is the fiat side. */
export function lockInstruction(deal: OrderDetails, locker: PublicKey, ctx: Pick<ClaimContext, 'feePayer' | 'escrowProgramId'>) {
  const offer = deal.parentOffer;
  if (!ctx.feePayer || !ctx.escrowProgramId || !offer || deal.fiatAmountCents === null) throw new ClaimError(WALLET_NOT_READY);
  const escrowDeal = {
    offerId: offer.orderId,
    dealId: deal.ticketId,
    tokenMint: offer.tokenMint,
    amount: deal.amount,
    fiatAmountCents: deal.fiatAmountCents,
    offerSide: offer.offerSide,
    offerTotalAmount: offer.totalAmount,
    creatorWallet: offer.creatorWallet,
    cryptoSideWallet: locker.toBase58(),
    fiatSideWallet: offer.creatorWallet,
  };
  const target = { admin: new PublicKey(ctx.feePayer), programId: new PublicKey(ctx.escrowProgramId) };
  return acceptOfferAndLockInstruction(dealInstructionArgs(escrowDeal, target));
}

async function cancelDeal(dispatch: EndpointDispatch, dealId: number, offerId: number): Promise<void> {
  try {
    await dispatch(orderCancelApi.endpoints.cancelOrderInDatabase.initiate({ orderId: dealId, parentOrderId: offerId }, { track: false })).unwrap();
  } catch {
    // The deal stays InProgress; the payment window expires it and gives the amount back.
  }
}

/** Runs a step and turns its failure into the message the user reads. */
async function userFacing<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof EscrowActionError || error instanceof ClaimError) throw new ClaimError(error.message);
    if (error instanceof ApiError && error.status < 500) throw new ClaimError(error.message);
    throw new ClaimError(UNEXPECTED_ERROR);
  }
}
