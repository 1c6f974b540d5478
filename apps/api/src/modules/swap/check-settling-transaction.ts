import { PublicKey } from '@solana/web3.js';
import type { Chain } from '../../chain/chain.ts';
import { badRequest } from '../../errors.ts';
import { SOL_ASSET } from './desk-assets.ts';
import type { SwapRow } from './swap-view.ts';

export const TX_NOT_FOUND = 'The chain does not know this transaction.';
export const TX_FAILED = 'This transaction failed on chain.';
export const TX_DID_NOT_PAY = "This transaction did not move the swap's output to the user.";

/**
 * Before an admin marks a swap Completed: the transaction exists, succeeded, and raised the user's balance of the
 * output by at least the quoted amount (lamports for SOL, the token balance of the user's accounts otherwise).
 */
export async function checkSettlingTransaction(chain: Chain, swap: SwapRow, txId: string): Promise<void> {
  const tx = await chain.connection
    .getTransaction(txId, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })
    .catch(() => null);
  const meta = tx?.meta;
  if (!tx || !meta) throw badRequest(TX_NOT_FOUND);
  if (meta.err !== null) throw badRequest(TX_FAILED);
  const user = new PublicKey(swap.wallet);
  let gained = 0n;
  if (swap.outputMint === SOL_ASSET.mint.toBase58()) {
    const index = tx.transaction.message.staticAccountKeys.findIndex((key) => key.equals(user));
    if (index >= 0) gained = BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0);
  } else {
    const sum = (balances: typeof meta.postTokenBalances) =>
      (balances ?? [])
        .filter((b) => b.owner === swap.wallet && b.mint === swap.outputMint)
        .reduce((total, b) => total + BigInt(b.uiTokenAmount.amount), 0n);
    gained = sum(meta.postTokenBalances) - sum(meta.preTokenBalances);
  }
  if (gained < BigInt(swap.outAmount)) throw badRequest(TX_DID_NOT_PAY);
}
