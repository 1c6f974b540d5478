import { FAILED_TO_CHECK_BALANCES, MIN_LAMPORTS_FOR_FEES } from '@jelly/domain';
import { NATIVE_MINT } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { z } from 'zod';
import type { Chain } from '../../chain/chain.ts';
import { AppError } from '../../errors.ts';

const parsedTokenAccount = z.object({
  parsed: z.object({ info: z.object({ tokenAmount: z.object({ amount: z.string().regex(/^\d+$/) }) }) }),
});

/**
 * What the wallet holds of `mint`, in base units: the sum of its token accounts. For wrapped SOL the native
 * balance counts too, less the 0.001 SOL kept for fees (the wallet wraps before locking).
 */
export async function walletTokenBalance(chain: Chain | null, wallet: string, mint: string): Promise<bigint> {
  if (!chain) throw new AppError('CHAIN_UNAVAILABLE', 'The Solana connection is not available.');
  const owner = new PublicKey(wallet);
  const mintKey = new PublicKey(mint);
  try {
    const accounts = await chain.connection.getParsedTokenAccountsByOwner(owner, { mint: mintKey });
    let total = 0n;
    for (const { account } of accounts.value) {
      const data = parsedTokenAccount.safeParse(account.data);
      if (data.success) total += BigInt(data.data.parsed.info.tokenAmount.amount);
    }
    if (mintKey.equals(NATIVE_MINT)) {
      const lamports = BigInt(await chain.connection.getBalance(owner));
      if (lamports > MIN_LAMPORTS_FOR_FEES) total += lamports - MIN_LAMPORTS_FOR_FEES;
    }
    return total;
  } catch {
    throw new AppError('CHAIN_UNAVAILABLE', FAILED_TO_CHECK_BALANCES);
  }
}
