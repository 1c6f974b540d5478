// The upgradeable BPF loader's instructions and account layouts (bincode: a u32 tag, then the fields), as the
// operator command sends them over JSON-RPC. Hand-written for the reason given at the top of deploy-rpc.ts.

import type { PublicKey} from '@solana/web3.js';
import { SYSVAR_CLOCK_PUBKEY, SYSVAR_RENT_PUBKEY, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { BPF_LOADER_UPGRADEABLE_ID } from '../../src/client/constants.ts';

/** UpgradeableLoaderState: Buffer = tag 1 + Option<Pubkey> authority, then the bytes. */
export const BUFFER_METADATA_SIZE = 37;
/** UpgradeableLoaderState: Program = tag 2 + programdata address. */
export const PROGRAM_ACCOUNT_SIZE = 36;
/** UpgradeableLoaderState: ProgramData = tag 3 + u64 slot + Option<Pubkey> upgrade authority, then the bytes. */
export const PROGRAMDATA_METADATA_SIZE = 45;
export const BUFFER_TAG = 1;

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};
const u64 = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
};
const ix = (keys: TransactionInstruction['keys'], data: Buffer) => new TransactionInstruction({ programId: BPF_LOADER_UPGRADEABLE_ID, keys, data });
const w = (pubkey: PublicKey) => ({ pubkey, isSigner: false, isWritable: true });
const r = (pubkey: PublicKey) => ({ pubkey, isSigner: false, isWritable: false });
const signer = (pubkey: PublicKey, isWritable = false) => ({ pubkey, isSigner: true, isWritable });

export function initializeBufferInstruction(buffer: PublicKey, authority: PublicKey): TransactionInstruction {
  return ix([w(buffer), r(authority)], u32(0));
}

export function writeInstruction(buffer: PublicKey, authority: PublicKey, offset: number, bytes: Uint8Array): TransactionInstruction {
  return ix([w(buffer), signer(authority)], Buffer.concat([u32(1), u32(offset), u64(bytes.length), bytes]));
}

export function deployWithMaxDataLenInstruction(
  payer: PublicKey,
  programData: PublicKey,
  program: PublicKey,
  buffer: PublicKey,
  maxDataLen: number,
): TransactionInstruction {
  const keys = [signer(payer, true), w(programData), w(program), w(buffer), r(SYSVAR_RENT_PUBKEY), r(SYSVAR_CLOCK_PUBKEY), r(SystemProgram.programId), signer(payer)];
  return ix(keys, Buffer.concat([u32(2), u64(maxDataLen)]));
}

/** Replaces the program's bytes with the buffer's; the buffer's lamports go to `spill`. */
export function upgradeInstruction(programData: PublicKey, program: PublicKey, buffer: PublicKey, spill: PublicKey, authority: PublicKey): TransactionInstruction {
  return ix([w(programData), w(program), w(buffer), w(spill), r(SYSVAR_RENT_PUBKEY), r(SYSVAR_CLOCK_PUBKEY), signer(authority)], u32(3));
}

/** Closes a buffer the authority owns and sends its lamports to `recipient`. */
export function closeBufferInstruction(buffer: PublicKey, recipient: PublicKey, authority: PublicKey): TransactionInstruction {
  return ix([w(buffer), w(recipient), signer(authority)], u32(5));
}

/** Grows the program data account by `additionalBytes`; the payer funds the extra rent. */
export function extendProgramInstruction(programData: PublicKey, program: PublicKey, payer: PublicKey, additionalBytes: number): TransactionInstruction {
  return ix([w(programData), w(program), r(SystemProgram.programId), signer(payer, true)], Buffer.concat([u32(6), u32(additionalBytes)]));
}
