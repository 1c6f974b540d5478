import type { PublicKey } from '@solana/web3.js';
import { forbidden } from '../../../errors.ts';
import { hasValidSignature, refused, type ProposedTransaction } from '../../../chain/transactions/index.ts';

export const SWAP_FEE_PAYER = "The fee payer must be the platform's admin key.";
export const SWAP_SIGNERS = 'The transaction must be signed by exactly the admin, the desk and your wallet.';
export const SWAP_USER_SIGNATURE = "Your wallet's signature is missing or does not match the transaction.";

/**
 * Exactly three signers: the admin as fee payer (slot 0), the desk and the quote's wallet, whose signature must be
 * present and valid. (Account keys are unique, so none of them signs twice.)
 */
export function checkSwapSigners(proposed: ProposedTransaction, admin: PublicKey, desk: PublicKey, user: PublicKey): void {
  const [feePayer] = proposed.signers;
  if (!feePayer?.equals(admin)) throw refused(SWAP_FEE_PAYER);
  const others = proposed.signers.slice(1);
  if (others.length !== 2 || !others.some((k) => k.equals(desk)) || !others.some((k) => k.equals(user))) {
    throw refused(SWAP_SIGNERS);
  }
  const userSlot = proposed.signers.findIndex((k) => k.equals(user));
  if (!hasValidSignature(proposed, userSlot, user)) throw forbidden(SWAP_USER_SIGNATURE);
}
