import type { PublicKey } from '@solana/web3.js';
import type { TokenAccountCreation } from './classify-instructions.ts';
import { refused } from '../../../chain/transactions/index.ts';

export const TOKEN_ACCOUNT_PAID_BY_PLATFORM =
  "The platform does not pay for users' token accounts: create it with your own wallet as the payer.";

/**
 * Who may pay for a token account created on the way: the caller's wallet, never the admin, except for the
 * treasury's own account (the platform's, nobody else can close it).
 *
 * Why the admin funds no user's token account: whoever owns a token account can empty and close it and keep its
 * rent (2,039,280 lamports), so an admin-funded account is SOL handed to its owner — and wallets cost nothing, so
 * neither a once-per-wallet record nor a per-deal fee threshold stops a fresh pair of wallets per deal from
 * collecting it. Charging the rent in the deal's token would need the recipient's signature on a transfer they
 * cannot make before they are paid. With the caller paying, closing the account only hands the rent back between
 * the parties (the settling seller pays for a first-time buyer's account; a buyer with 0 SOL still receives
 * USDC), and the admin's cost of any deal stays at the network fees.
 */
export function checkTokenAccountPayers(
  creations: readonly TokenAccountCreation[],
  admin: PublicKey,
  treasury: PublicKey,
): void {
  for (const creation of creations) {
    if (creation.payer.equals(admin) && !creation.owner.equals(treasury)) throw refused(TOKEN_ACCOUNT_PAID_BY_PLATFORM);
  }
}
