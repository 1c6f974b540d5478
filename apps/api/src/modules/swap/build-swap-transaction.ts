import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction } from '@solana/spl-token';
import { ComputeBudgetProgram, SystemProgram, Transaction, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { associatedTokenAccount, type DeskAsset } from './desk-assets.ts';

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
  /** The compute-unit limit, different for every quote (see QUOTE_UNIT_LIMIT). */
  computeUnitLimit: number;
}

/**
 * Every quote's transaction sets a compute-unit limit drawn from this range: a swap needs under 40,000 units (two
 * token-account creations ~25,000 at most, two transfers), and a limit that differs per quote makes two quotes with
 * the same terms and the same (shared) blockhash two different transactions. Without a price it costs nothing.
 */
export const QUOTE_UNIT_LIMIT = { min: 60_000, span: 20_000 } as const;

/** One leg: native lamports for SOL, transferChecked between associated token accounts otherwise. */
function transfer(asset: DeskAsset, from: PublicKey, to: PublicKey, amount: bigint): TransactionInstruction {
  if (asset.native) return SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: amount });
  return createTransferCheckedInstruction(
    associatedTokenAccount(asset.mint, from),
    asset.mint,
    associatedTokenAccount(asset.mint, to),
    from,
    amount,
    asset.decimals,
  );
}

/**
 * The instructions of a swap, in order: its compute-unit limit, the token accounts to create, the user's transfer to the desk, the desk's
 * transfer to the user. Both transfers are in one transaction, so either both land or neither does.
 *
 * A missing output token account of the user is created with the user as payer: the admin never pays for a user's
 * token account (its owner could close it and keep the rent), and refusing the quote would shut out every wallet's
 * first swap into a token. The desk pays for its own accounts.
 */
export function swapInstructions(legs: SwapLegs): TransactionInstruction[] {
  const instructions: TransactionInstruction[] = [ComputeBudgetProgram.setComputeUnitLimit({ units: legs.computeUnitLimit })];
  if (legs.createDeskInputAccount && !legs.input.native) {
    const account = associatedTokenAccount(legs.input.mint, legs.desk);
    instructions.push(createAssociatedTokenAccountIdempotentInstruction(legs.desk, account, legs.desk, legs.input.mint));
  }
  if (legs.createUserOutputAccount && !legs.output.native) {
    const account = associatedTokenAccount(legs.output.mint, legs.user);
    instructions.push(createAssociatedTokenAccountIdempotentInstruction(legs.user, account, legs.user, legs.output.mint));
  }
  instructions.push(transfer(legs.input, legs.user, legs.desk, legs.inAmount));
  instructions.push(transfer(legs.output, legs.desk, legs.user, legs.outAmount));
  return instructions;
}

/**
 * The unsigned legacy transaction of the quote: the admin pays the network fee; user and desk sign too. Returns the
 * message and the wire transaction (empty signature slots before the message), compiled once.
 */
export function buildSwapTransaction(legs: SwapLegs, recentBlockhash: string): { message: Uint8Array; transaction: Uint8Array } {
  const tx = new Transaction({ feePayer: legs.admin, recentBlockhash });
  tx.add(...swapInstructions(legs));
  const compiled = tx.compileMessage();
  const message = compiled.serialize();
  const signatures = compiled.header.numRequiredSignatures; // 3: below 128, so its length prefix is one byte
  const transaction = new Uint8Array(1 + 64 * signatures + message.length);
  transaction[0] = signatures;
  transaction.set(message, 1 + 64 * signatures);
  return { message, transaction };
}
