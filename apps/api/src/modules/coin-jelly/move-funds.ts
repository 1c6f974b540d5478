import type { JellyCoin } from '@jelly/contracts';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { type Keypair, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import type { Chain } from '../../chain/chain.ts';

/**
 * Moves `amount` (SOL: lamports) of `coin` out of a deposit address to `to`, the platform paying the fee (so a
 * deposit can be emptied to the last unit). With `closeAfter`, the deposit token account is closed and its rent
 * returns to the platform. Resolves with the confirmed signature.
 */
export async function sendFromDeposit(
  chain: Chain,
  deposit: Keypair,
  coin: JellyCoin,
  to: PublicKey,
  amount: bigint,
  options: { closeAfter?: boolean } = {},
): Promise<{ signature: string; slot: number }> {
  const payer = chain.admin;
  const tx = new Transaction({ feePayer: payer.publicKey });
  if (!coin.mint) {
    tx.add(SystemProgram.transfer({ fromPubkey: deposit.publicKey, toPubkey: to, lamports: amount }));
  } else {
    const mint = new PublicKey(coin.mint);
    const source = getAssociatedTokenAddressSync(mint, deposit.publicKey);
    const dest = getAssociatedTokenAddressSync(mint, to);
    tx.add(createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, dest, to, mint));
    tx.add(createTransferCheckedInstruction(source, mint, dest, deposit.publicKey, amount, coin.decimals));
    if (options.closeAfter) tx.add(createCloseAccountInstruction(source, payer.publicKey, deposit.publicKey));
  }
  const signature = await sendAndConfirmTransaction(chain.connection, tx, [payer, deposit], { commitment: 'confirmed' });
  const status = await chain.connection.getSignatureStatus(signature);
  return { signature, slot: status.value?.slot ?? 0 };
}

/** The deposit token account the platform opens up front for a token order (paid by the platform). */
export async function openDepositTokenAccount(chain: Chain, owner: PublicKey, mint: PublicKey): Promise<{ account: PublicKey; signature: string }> {
  const account = getAssociatedTokenAddressSync(mint, owner);
  const tx = new Transaction().add(createAssociatedTokenAccountIdempotentInstruction(chain.admin.publicKey, account, owner, mint));
  const signature = await sendAndConfirmTransaction(chain.connection, tx, [chain.admin], { commitment: 'confirmed' });
  return { account, signature };
}
