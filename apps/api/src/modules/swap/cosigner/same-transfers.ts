import { SWAP_MESSAGES } from '@jelly/domain';
import { refused, type ReadInstruction } from '../../../chain/transactions/index.ts';

export const TRANSFERS_DIFFER = `${SWAP_MESSAGES.transaction_mismatch} Its transfers, amounts, mints or accounts differ from the quote's.`;

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

function sameInstruction(a: ReadInstruction, b: ReadInstruction): boolean {
  return (
    a.programId.equals(b.programId) &&
    sameBytes(a.data, b.data) &&
    a.keys.length === b.keys.length &&
    a.keys.every((key, i) => {
      const other = b.keys[i];
      return other !== undefined && key.pubkey.equals(other.pubkey) && key.isSigner === other.isSigner && key.isWritable === other.isWritable;
    })
  );
}

/**
 * Besides compute-budget settings, the transaction holds exactly the quote's instructions, in the quote's order: the
 * same programs, accounts (with their signer and writable flags) and data — so the same transfers, amounts, mints and
 * owners, and nothing else (no extra transfer, approval, closure, authority change or memo).
 */
export function checkSameTransfers(proposed: readonly ReadInstruction[], quoted: readonly ReadInstruction[]): void {
  if (proposed.length !== quoted.length || !proposed.every((ix, i) => sameInstruction(ix, quoted[i] as ReadInstruction))) {
    throw refused(TRANSFERS_DIFFER);
  }
}
