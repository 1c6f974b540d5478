import type { JellyCoin } from '@jelly/contracts';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import type { Chain } from '../../chain/chain.ts';
import type { JellyDesk } from './desk.ts';

/** Lamports the desk keeps for its own fees and rent. */
const SOL_RESERVE = 50_000_000n;

/**
 * A desk paying from the platform's admin key, which also receives swept deposits. It stands in for the swap
 * desk's treasury until Coin Jelly is wired to it; the interface is the same.
 */
export function adminKeyDesk(chain: Chain): JellyDesk {
  const key = chain.admin;
  return {
    treasury: key.publicKey,
    async balance(coin: JellyCoin): Promise<bigint> {
      if (!coin.mint) {
        const lamports = BigInt(await chain.connection.getBalance(key.publicKey, 'confirmed'));
        return lamports > SOL_RESERVE ? lamports - SOL_RESERVE : 0n;
      }
      try {
        const ata = getAssociatedTokenAddressSync(new PublicKey(coin.mint), key.publicKey);
        return (await getAccount(chain.connection, ata, 'confirmed')).amount;
      } catch {
        return 0n;
      }
    },
    async pay(coin: JellyCoin, to: PublicKey, amount: bigint) {
      const tx = new Transaction();
      if (!coin.mint) {
        tx.add(SystemProgram.transfer({ fromPubkey: key.publicKey, toPubkey: to, lamports: amount }));
      } else {
        const mint = new PublicKey(coin.mint);
        const from = getAssociatedTokenAddressSync(mint, key.publicKey);
        const dest = getAssociatedTokenAddressSync(mint, to);
        tx.add(createAssociatedTokenAccountIdempotentInstruction(key.publicKey, dest, to, mint));
        tx.add(createTransferCheckedInstruction(from, mint, dest, key.publicKey, amount, coin.decimals));
      }
      const signature = await sendAndConfirmTransaction(chain.connection, tx, [key], { commitment: 'confirmed' });
      const status = await chain.connection.getSignatureStatus(signature);
      return { signature, slot: status.value?.slot ?? 0 };
    },
  };
}
