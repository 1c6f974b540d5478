import { ComputeBudgetProgram } from '@solana/web3.js';
import {
  MAX_COMPUTE_UNIT_LIMIT,
  MAX_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS,
  MAX_PRIORITY_FEE_LAMPORTS,
  refused,
  type ReadInstruction,
} from '../../../chain/transactions/index.ts';

const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;
/** Without a limit the runtime allows 200,000 units per non-builtin instruction; a swap has at most 4 (ATA creations). */
const DEFAULT_LIMIT = 200_000n * 4n;

export const COMPUTE_BUDGET_SHAPE = 'Only one compute-unit limit and one compute-unit price instruction are accepted.';

/**
 * Splits off the compute-budget instructions a wallet may add (one limit, one price, within the deal co-signer's
 * caps: the admin pays the priority fee) and returns the rest. The swap itself needs far under the cap.
 */
export function takeComputeBudget(instructions: readonly ReadInstruction[]): ReadInstruction[] {
  const seen = new Set<number>();
  let limit: bigint | undefined;
  let price: bigint | undefined;
  const rest: ReadInstruction[] = [];
  for (const ix of instructions) {
    if (!ix.programId.equals(ComputeBudgetProgram.programId)) {
      rest.push(ix);
      continue;
    }
    const tag = ix.data[0];
    if (ix.keys.length !== 0 || tag === undefined || seen.has(tag)) throw refused(COMPUTE_BUDGET_SHAPE);
    seen.add(tag);
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (tag === SET_COMPUTE_UNIT_LIMIT && ix.data.length === 5) {
      limit = BigInt(view.getUint32(1, true));
      if (limit > BigInt(MAX_COMPUTE_UNIT_LIMIT)) throw refused(`The compute-unit limit may be at most ${MAX_COMPUTE_UNIT_LIMIT}.`);
    } else if (tag === SET_COMPUTE_UNIT_PRICE && ix.data.length === 9) {
      price = view.getBigUint64(1, true);
      if (price > MAX_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS) {
        throw refused(`The compute-unit price may be at most ${MAX_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS} micro-lamports.`);
      }
    } else {
      throw refused('Only compute-unit limit and price instructions of the compute budget program are accepted.');
    }
  }
  if (price) {
    const fee = (price * (limit ?? DEFAULT_LIMIT) + 999_999n) / 1_000_000n;
    if (fee > MAX_PRIORITY_FEE_LAMPORTS) {
      throw refused(`The priority fee may be at most ${MAX_PRIORITY_FEE_LAMPORTS} lamports (compute-unit price × limit); this one is ${fee}.`);
    }
  }
  return rest;
}
