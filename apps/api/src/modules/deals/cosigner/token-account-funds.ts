import { ACCOUNT_SIZE } from '@solana/spl-token';
import { LAMPORTS_PER_SOL } from '@solana/web3.js';
import type { Chain } from '../../../chain/chain.ts';
import type { TokenAccountCreation } from './classify-instructions.ts';
import { refused } from '../../../chain/transactions/index.ts';

/** The sentence a wallet gets when it cannot pay the deposit of a token account it has to open. */
export function cannotFundTokenAccount(depositLamports: number): string {
  const sol = (depositLamports / LAMPORTS_PER_SOL).toFixed(9).replace(/0+$/, '');
  return `The recipient has no token account for this token yet: opening it takes a deposit of ${sol} SOL from your wallet, which holds less. Add SOL to your wallet and try again.`;
}

/**
 * A token account that does not exist yet is opened with the caller's SOL: if the caller holds too little, say so
 * before the chain answers with a bare "insufficient lamports". Accounts that already exist cost nothing.
 */
export async function checkTokenAccountFunds(chain: Chain, creations: readonly TokenAccountCreation[]): Promise<void> {
  const toOpen = [];
  for (const creation of creations) {
    if (creation.payer.equals(chain.admin.publicKey)) continue;
    if (!(await chain.connection.getAccountInfo(creation.account, 'confirmed'))) toOpen.push(creation);
  }
  if (toOpen.length === 0) return;
  const deposit = await chain.connection.getMinimumBalanceForRentExemption(ACCOUNT_SIZE, 'confirmed');
  const payer = toOpen[0]!.payer;
  const balance = await chain.connection.getBalance(payer, 'confirmed');
  const needed = deposit * toOpen.length;
  // what stays in the wallet must be 0 or itself rent-exempt, or the runtime refuses the transaction
  const walletMinimum = await chain.connection.getMinimumBalanceForRentExemption(0, 'confirmed');
  if (balance < needed || (balance > needed && balance - needed < walletMinimum)) throw refused(cannotFundTokenAccount(needed));
}
