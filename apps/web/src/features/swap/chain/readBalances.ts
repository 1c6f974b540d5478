import { TX_COMMITMENT } from '@jelly/domain';
import { associatedTokenAddress } from '@jelly/escrow';
import { PublicKey } from '@solana/web3.js';
import { tokenBalance, type BalanceReader } from '../../../lib/solana/walletChecks.ts';
import { isSol, type BalanceCoin, type SwapBalances } from '../model/swapBalances.ts';

/** SOL is held natively (lamports); other tokens in the owner's associated token account. */
async function balanceOf(connection: BalanceReader, owner: PublicKey, coin: BalanceCoin): Promise<bigint> {
  if (isSol(coin)) return BigInt(await connection.getBalance(owner, TX_COMMITMENT));
  return tokenBalance(connection, owner, new PublicKey(coin.mint));
}

/** Both sides' balances and whether the received token's account exists yet, read from the chain. */
export async function readSwapBalances(connection: BalanceReader, owner: PublicKey, input: BalanceCoin, output: BalanceCoin): Promise<SwapBalances> {
  const [inAmount, outAmount, outAccount] = await Promise.all([
    balanceOf(connection, owner, input),
    balanceOf(connection, owner, output),
    isSol(output) ? Promise.resolve(true) : connection.getAccountInfo(associatedTokenAddress(new PublicKey(output.mint), owner), TX_COMMITMENT),
  ]);
  return { input: inAmount, output: outAmount, outputAccountMissing: !outAccount };
}
