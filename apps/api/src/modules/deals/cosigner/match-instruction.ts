import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import type { ReadInstruction } from '../../../chain/transactions/index.ts';

/**
 * Whether the transaction's instruction is exactly the expected one: same program, same data bytes, the same
 * accounts in the same order with the same signer flags and at least the expected writability. An account may be
 * writable beyond what the escrow instruction needs only if it is one of `mayBeWritable` (the fee payer and the
 * caller, whose own lamports pay for what they add).
 */
export function matchesInstruction(
  actual: ReadInstruction,
  expected: TransactionInstruction,
  mayBeWritable: readonly PublicKey[],
): boolean {
  if (!actual.programId.equals(expected.programId)) return false;
  if (!Buffer.from(actual.data).equals(expected.data)) return false;
  if (actual.keys.length !== expected.keys.length) return false;
  return expected.keys.every((want, i) => {
    const got = actual.keys[i];
    if (!got?.pubkey.equals(want.pubkey) || got.isSigner !== want.isSigner) return false;
    if (want.isWritable && !got.isWritable) return false;
    return !got.isWritable || want.isWritable || mayBeWritable.some((key) => key.equals(got.pubkey));
  });
}
