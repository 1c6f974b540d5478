import { INSTRUCTION_DISCRIMINATORS, type InstructionName } from '@jelly/escrow';
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_PROGRAM_ID, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { ComputeBudgetProgram, SystemProgram, type PublicKey } from '@solana/web3.js';
import type { DealActionKind } from '@jelly/contracts';
import {
  MAX_COMPUTE_UNIT_LIMIT,
  MAX_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS,
  MAX_PRIORITY_FEE_LAMPORTS,
  refused,
  type ProposedTransaction,
  type ReadInstruction,
} from '../../../chain/transactions/index.ts';

/** Escrow instructions a user may submit; everything else the server builds itself or never signs. */
export const USER_ESCROW_INSTRUCTIONS = {
  accept_offer_and_lock: 'lock',
  sign_universal_ticket: 'sign',
  cancel_universal_ticket: 'cancel',
} as const satisfies Partial<Record<InstructionName, DealActionKind>>;
export type UserActionKind = (typeof USER_ESCROW_INSTRUCTIONS)[keyof typeof USER_ESCROW_INSTRUCTIONS];

/** The runtime's compute-unit limit when none is set: 200,000 per program instruction, 3,000 per builtin one. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const DEFAULT_UNITS_PER_BUILTIN_INSTRUCTION = 3_000n;
const MAX_UNITS_PER_TRANSACTION = 1_400_000n;
/** At most this many idempotent token-account creations ride along (recipient + treasury). */
export const MAX_TOKEN_ACCOUNT_CREATIONS = 2;

const CREATE_IDEMPOTENT = 1;
const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;

/** An idempotent associated-token-account creation found in the transaction. */
export interface TokenAccountCreation {
  payer: PublicKey;
  account: PublicKey;
  owner: PublicKey;
  mint: PublicKey;
}

export interface ClassifiedTransaction {
  kind: UserActionKind;
  escrow: ReadInstruction;
  tokenAccountCreations: TokenAccountCreation[];
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

function escrowKind(data: Uint8Array): UserActionKind {
  const name = (Object.keys(INSTRUCTION_DISCRIMINATORS) as InstructionName[]).find((candidate) =>
    sameBytes(data.subarray(0, 8), INSTRUCTION_DISCRIMINATORS[candidate]),
  );
  if (!name) throw refused('The escrow instruction is not one the program knows.');
  const kind = (USER_ESCROW_INSTRUCTIONS as Partial<Record<InstructionName, UserActionKind>>)[name];
  if (!kind) throw refused(`${name} is not accepted from users: the platform builds admin instructions itself.`);
  return kind;
}

interface ComputeBudget {
  limit?: bigint;
  price?: bigint;
}

/** The priority fee the admin would pay: ceil(price × limit / 10^6), with the runtime's default limit if unset. */
function checkPriorityFee(budget: ComputeBudget, programInstructions: number, budgetInstructions: number): void {
  if (!budget.price) return;
  const byDefault =
    DEFAULT_UNITS_PER_INSTRUCTION * BigInt(programInstructions) + DEFAULT_UNITS_PER_BUILTIN_INSTRUCTION * BigInt(budgetInstructions);
  const limit = budget.limit ?? (byDefault < MAX_UNITS_PER_TRANSACTION ? byDefault : MAX_UNITS_PER_TRANSACTION);
  const fee = (budget.price * limit + 999_999n) / 1_000_000n;
  if (fee > MAX_PRIORITY_FEE_LAMPORTS) {
    throw refused(
      `The priority fee may be at most ${MAX_PRIORITY_FEE_LAMPORTS} lamports (compute-unit price × limit); this one is ${fee}. Set a lower compute-unit limit or price.`,
    );
  }
}

function checkComputeBudget(ix: ReadInstruction, seen: Set<number>, budget: ComputeBudget): void {
  const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
  const tag = ix.data[0];
  if (ix.keys.length !== 0 || tag === undefined || seen.has(tag)) {
    throw refused('Only one compute-unit limit and one compute-unit price instruction are accepted.');
  }
  seen.add(tag);
  if (tag === SET_COMPUTE_UNIT_LIMIT && ix.data.length === 5) {
    if (view.getUint32(1, true) > MAX_COMPUTE_UNIT_LIMIT) {
      throw refused(`The compute-unit limit may be at most ${MAX_COMPUTE_UNIT_LIMIT}.`);
    }
    budget.limit = BigInt(view.getUint32(1, true));
    return;
  }
  if (tag === SET_COMPUTE_UNIT_PRICE && ix.data.length === 9) {
    if (view.getBigUint64(1, true) > MAX_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS) {
      throw refused(`The compute-unit price may be at most ${MAX_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS} micro-lamports.`);
    }
    budget.price = view.getBigUint64(1, true);
    return;
  }
  throw refused('Only compute-unit limit and price instructions of the compute budget program are accepted.');
}

function readTokenAccountCreation(ix: ReadInstruction): TokenAccountCreation {
  const [payer, account, owner, mint, system, token] = ix.keys;
  if (ix.data.length !== 1 || ix.data[0] !== CREATE_IDEMPOTENT || ix.keys.length !== 6 || !payer || !account || !owner || !mint) {
    throw refused('Only idempotent creation of associated token accounts is accepted.');
  }
  if (!system?.pubkey.equals(SystemProgram.programId) || !token?.pubkey.equals(TOKEN_PROGRAM_ID)) {
    throw refused('Token accounts must be created for the SPL Token program.');
  }
  if (!getAssociatedTokenAddressSync(mint.pubkey, owner.pubkey, true).equals(account.pubkey)) {
    throw refused('A token account to create is not the associated token account of its owner and mint.');
  }
  return { payer: payer.pubkey, account: account.pubkey, owner: owner.pubkey, mint: mint.pubkey };
}

/**
 * Sorts the instructions into exactly one allow-listed escrow instruction, optional compute-budget settings and
 * idempotent token-account creations; any other program (System transfers, SPL Token transfers, approvals,
 * set-authority, close-account, durable-nonce advance, memo, …) is refused.
 */
export function classifyInstructions(proposed: ProposedTransaction, escrowProgramId: PublicKey): ClassifiedTransaction {
  let escrow: ReadInstruction | undefined;
  const tokenAccountCreations: TokenAccountCreation[] = [];
  const budgetTags = new Set<number>();
  const budget: ComputeBudget = {};
  for (const ix of proposed.instructions) {
    if (ix.programId.equals(escrowProgramId)) {
      if (escrow) throw refused('Exactly one escrow instruction is accepted per transaction.');
      escrow = ix;
    } else if (ix.programId.equals(ComputeBudgetProgram.programId)) {
      checkComputeBudget(ix, budgetTags, budget);
    } else if (ix.programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID)) {
      tokenAccountCreations.push(readTokenAccountCreation(ix));
      if (tokenAccountCreations.length > MAX_TOKEN_ACCOUNT_CREATIONS) {
        throw refused(`At most ${MAX_TOKEN_ACCOUNT_CREATIONS} token accounts may be created in one transaction.`);
      }
    } else {
      throw refused(`Instructions of program ${ix.programId.toBase58()} are not accepted.`);
    }
  }
  if (!escrow) throw refused('The transaction has no escrow instruction.');
  checkPriorityFee(budget, proposed.instructions.length - budgetTags.size, budgetTags.size);
  return { kind: escrowKind(escrow.data), escrow, tokenAccountCreations };
}
