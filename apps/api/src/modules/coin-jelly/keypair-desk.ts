import type { JellyCoin } from '@jelly/contracts';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { type Keypair, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import type { Chain } from '../../chain/chain.ts';
import type { JellyDesk } from './desk.ts';

/** Lamports the desk keeps for rent of its own accounts. */
const SOL_RESERVE = 50_000_000n;

/**
 * The swap desk's treasury key as Coin Jelly's desk: it pays out from its inventory and receives swept deposits.
 * The platform's admin key pays the network fee (recorded in the fee-payer ledger by the caller).
 */
export function keypairDesk(chain: Chain, key: Keypair): JellyDesk {
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
      const tx = new Transaction({ feePayer: chain.admin.publicKey });
      if (!coin.mint) {
        tx.add(SystemProgram.transfer({ fromPubkey: key.publicKey, toPubkey: to, lamports: amount }));
      } else {
        const mint = new PublicKey(coin.mint);
        const from = getAssociatedTokenAddressSync(mint, key.publicKey);
        const dest = getAssociatedTokenAddressSync(mint, to);
        tx.add(createAssociatedTokenAccountIdempotentInstruction(chain.admin.publicKey, dest, to, mint));
        tx.add(createTransferCheckedInstruction(from, mint, dest, key.publicKey, amount, coin.decimals));
      }
      const signature = await sendAndConfirmTransaction(chain.connection, tx, [chain.admin, key], { commitment: 'confirmed' });
      const status = await chain.connection.getSignatureStatus(signature);
      return { signature, slot: status.value?.slot ?? 0 };
    },
  };
}
