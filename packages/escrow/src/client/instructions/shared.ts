// Parameter validation and account-meta helpers shared by the instruction builders.
import { PublicKey, SystemProgram, TransactionInstruction, type AccountMeta } from '@solana/web3.js';
import { TOKEN_PROGRAM_ID, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { z } from 'zod';
import { INSTRUCTION_DISCRIMINATORS, PROGRAM_ID, type InstructionName } from '../constants.ts';
import { BorshWriter } from '../codec.ts';
import { findConfigPda, findOrderPda, findTicketPda, findVaultPda } from '../pda.ts';

export const pubkey = z.instanceof(PublicKey, { message: 'expected a PublicKey' });
export const u64 = z
  .union([z.bigint(), z.number().int()])
  .transform((v) => BigInt(v))
  .refine((v) => v >= 0n && v < 1n << 64n, 'must fit in a u64');
export const positiveU64 = u64.refine((v) => v > 0n, 'must be greater than 0');
export const programId = pubkey.default(PROGRAM_ID);

export function parse<S extends z.ZodType>(schema: S, params: unknown, instruction: InstructionName): z.output<S> {
  const result = schema.safeParse(params);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`).join('; ');
    throw new TypeError(`${instruction}: invalid parameters (${issues})`);
  }
  return result.data;
}

export const writable = (key: PublicKey, isSigner = false): AccountMeta => ({ pubkey: key, isSigner, isWritable: true });
export const readonly = (key: PublicKey, isSigner = false): AccountMeta => ({ pubkey: key, isSigner, isWritable: false });
export const TOKEN_PROGRAM = readonly(TOKEN_PROGRAM_ID);
export const SYSTEM_PROGRAM = readonly(SystemProgram.programId);

/** The associated token account of `owner` for `mint` (owners may be PDAs). */
export function ata(mint: PublicKey, owner: PublicKey): PublicKey {
  return getAssociatedTokenAddressSync(mint, owner, true);
}

export function instructionData(name: InstructionName): BorshWriter {
  return new BorshWriter().bytes(INSTRUCTION_DISCRIMINATORS[name]);
}

export function instruction(programId: PublicKey, keys: AccountMeta[], data: BorshWriter): TransactionInstruction {
  return new TransactionInstruction({ programId, keys, data: data.toBuffer() });
}

/** The program addresses every ticket instruction names: config, the offer's order, the deal's ticket, the vault. */
export function ticketAddresses(orderId: bigint, ticketId: bigint, programId: PublicKey) {
  const [config] = findConfigPda(programId);
  const [order] = findOrderPda(orderId, programId);
  const [ticket] = findTicketPda(order, ticketId, programId);
  const [vault] = findVaultPda(order, programId);
  return { config, order, ticket, vault };
}
