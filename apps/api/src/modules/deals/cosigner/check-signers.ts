import type { PublicKey } from '@solana/web3.js';
import { forbidden } from '../../../errors.ts';
import { hasValidSignature, refused, type ProposedTransaction } from '../../../chain/transactions/index.ts';

/**
 * Exactly two signers: the admin as fee payer (slot 0, signed by the server) and the caller's own wallet (slot 1),
 * whose signature must be present and valid. (Account keys are unique, so the admin is in no other slot.)
 */
export function checkSigners(proposed: ProposedTransaction, admin: PublicKey, caller: PublicKey): void {
  const [feePayer, userSigner] = proposed.signers;
  if (!feePayer?.equals(admin)) throw refused("The fee payer must be the platform's admin key.");
  if (proposed.signers.length === 1) throw refused("The transaction needs your wallet's signature.");
  if (proposed.signers.length > 2) throw refused('The transaction asks for signatures of other wallets.');
  if (!userSigner?.equals(caller)) throw forbidden('The transaction must be signed by your own wallet.');
  if (!hasValidSignature(proposed, 1, caller)) {
    throw forbidden("Your wallet's signature is missing or does not match the transaction.");
  }
}
