import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { SystemProgram, Transaction, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import type { DeskAsset } from './desk-assets.ts';

export interface SwapLegs {
  admin: PublicKey;
  desk: PublicKey;
  user: PublicKey;
  input: DeskAsset;
  output: DeskAsset;
  inAmount: bigint;
  outAmount: bigint;
  /** The user has no token account for the output yet: create it, paid by the user. */
  createUserOutputAccount: boolean;
  /** The desk has no token account for the input yet: create it, paid by the desk. */
  createDeskInputAccount: boolean;
}

/** One leg: native lamports for SOL, transferChecked between associated token accounts otherwise. */
function transfer(asset: DeskAsset, from: PublicKey, to: PublicKey, amount: bigint): TransactionInstruction {
  if (asset.native) return SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: amount });
  return createTransferCheckedInstruction(
    getAssociatedTokenAddressSync(asset.mint, from, true),
    asset.mint,
    getAssociatedTokenAddressSync(asset.mint, to, true),
    from,
    amount,
    asset.decimals,
  );
}

/**
 * The instructions of a swap, in order: the token accounts to create, the user's transfer to the desk, the desk's
 * transfer to the user. Both transfers are in one transaction, so either both land or neither does.
 *
 * A missing output token account of the user is created with the user as payer: the admin never pays for a user's
 * token account (its owner could close it and keep the rent), and refusing the quote would shut out every wallet's
 * first swap into a token. The desk pays for its own accounts.
 */
export function swapInstructions(legs: SwapLegs): TransactionInstruction[] {
  const instructions: TransactionInstruction[] = [];
  if (legs.createDeskInputAccount && !legs.input.native) {
    const account = getAssociatedTokenAddressSync(legs.input.mint, legs.desk, true);
    instructions.push(createAssociatedTokenAccountIdempotentInstruction(legs.desk, account, legs.desk, legs.input.mint));
  }
  if (legs.createUserOutputAccount && !legs.output.native) {
    const account = getAssociatedTokenAddressSync(legs.output.mint, legs.user, true);
    instructions.push(createAssociatedTokenAccountIdempotentInstruction(legs.user, account, legs.user, legs.output.mint));
  }
  instructions.push(transfer(legs.input, legs.user, legs.desk, legs.inAmount));
  instructions.push(transfer(legs.output, legs.desk, legs.user, legs.outAmount));
  return instructions;
}

/** The unsigned legacy transaction of the quote: the admin pays the network fee; user and desk sign too. */
export function buildSwapTransaction(legs: SwapLegs, recentBlockhash: string): Transaction {
  const tx = new Transaction({ feePayer: legs.admin, recentBlockhash });
  tx.add(...swapInstructions(legs));
  return tx;
}
