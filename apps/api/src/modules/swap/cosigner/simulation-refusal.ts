import type { PublicKey, TransactionError } from '@solana/web3.js';
import type { AppError } from '../../../errors.ts';
import { chainFailure, type ReadInstruction } from '../../../chain/transactions/index.ts';
import { swapRefusal } from '../swap-errors.ts';

/**
 * Why the chain would refuse the swap, in the desk's words: a shortage in an instruction the desk signs (its leg,
 * its own token account) is the desk's inventory; any other shortage is the user's (their leg, or the rent of their
 * new token account); anything else is a failed transaction with the chain's reason.
 */
export function simulationRefusal(
  err: TransactionError | string | object,
  logs: readonly string[] | null,
  instructions: readonly ReadInstruction[],
  desk: PublicKey,
): AppError {
  const failed = typeof err === 'object' && err !== null && 'InstructionError' in err ? (err as { InstructionError: [number, unknown] }).InstructionError[0] : null;
  const short = (logs ?? []).some((line) => /insufficient (funds|lamports)/i.test(line)) || /Insufficient/.test(JSON.stringify(err));
  if (short && failed !== null) {
    const ix = instructions[failed];
    const deskSigns = ix?.keys.some((key) => key.isSigner && key.pubkey.equals(desk)) ?? false;
    return swapRefusal(deskSigns ? 'desk_inventory_short' : 'insufficient_balance');
  }
  return swapRefusal('transaction_failed', chainFailure(err, logs).message);
}
