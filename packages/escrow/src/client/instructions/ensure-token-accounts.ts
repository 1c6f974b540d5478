import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { createAssociatedTokenAccountIdempotentInstruction } from '@solana/spl-token';
import { ata } from './shared.ts';

/**
 * Idempotent creations of the associated token accounts that receive tokens (the fiat side on settlement,
 * the crypto side on refund, the treasury's fee account), paid by `payer` (the admin). Prepend them to a
 * settling signature, a cancel or a resolve: the program refuses a missing account with 6013.
 */
export function ensureTokenAccountsInstructions(payer: PublicKey, mint: PublicKey, owners: PublicKey[]): TransactionInstruction[] {
  const unique = owners.filter((owner, i) => owners.findIndex((o) => o.equals(owner)) === i);
  return unique.map((owner) => createAssociatedTokenAccountIdempotentInstruction(payer, ata(mint, owner), owner, mint));
}
