// Deploys a program over JSON-RPC through the upgradeable BPF loader's own instructions, the way `solana program
// deploy` does: create + InitializeBuffer, Write in chunks, then create the program account + DeployWithMaxDataLen.
// Written here because no maintained TypeScript library runs this sequence: web3.js 1.x only knows the old
// non-upgradeable loader, and @solana-program/loader-v3 encodes single instructions without the buffer upload.
// `deploy-upgradeable.ts` does the same inside LiteSVM for the tests of the build.

import {
  Keypair,
  PublicKey,
  SYSVAR_CLOCK_PUBKEY,
  SYSVAR_RENT_PUBKEY,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  type Connection,
} from '@solana/web3.js';
import { BPF_LOADER_UPGRADEABLE_ID } from '../../src/client/constants.ts';
import { findProgramDataAddress } from '../../src/client/pda.ts';
import { sendAndConfirm } from './send.ts';

// UpgradeableLoaderState sizes (bincode): u32 tag + fields.
const BUFFER_METADATA_SIZE = 37; // tag + Option<Pubkey> authority
const PROGRAM_ACCOUNT_SIZE = 36; // tag + programdata address
export const PROGRAMDATA_METADATA_SIZE = 45; // tag + u64 slot + Option<Pubkey> upgrade authority
const PACKET_SIZE = 1232;

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

function writeInstruction(buffer: PublicKey, authority: PublicKey, offset: number, bytes: Uint8Array): TransactionInstruction {
  return new TransactionInstruction({
    programId: BPF_LOADER_UPGRADEABLE_ID,
    keys: [
      { pubkey: buffer, isSigner: false, isWritable: true },
      { pubkey: authority, isSigner: true, isWritable: false },
    ],
    data: Buffer.concat([u32(1), u32(offset), u64(bytes.length), bytes]),
  });
}

/** What a program address holds now, compared with the bytes to deploy. */
export type DeployedState =
  | { kind: 'absent' }
  | { kind: 'same'; upgradeAuthority: PublicKey | null; programData: PublicKey }
  | { kind: 'different'; upgradeAuthority: PublicKey | null; programData: PublicKey }
  | { kind: 'not-a-program' };

/** Reads the program account and its ProgramData; the deployed bytes are the .so followed by zero padding. */
export async function deployedState(connection: Connection, programId: PublicKey, so: Uint8Array): Promise<DeployedState> {
  const program = await connection.getAccountInfo(programId, 'confirmed');
  if (!program) return { kind: 'absent' };
  if (!program.owner.equals(BPF_LOADER_UPGRADEABLE_ID) || program.data.length < PROGRAM_ACCOUNT_SIZE) return { kind: 'not-a-program' };
  const programData = new PublicKey(program.data.subarray(4, 36));
  const data = (await connection.getAccountInfo(programData, 'confirmed'))?.data;
  if (!data || data.length < PROGRAMDATA_METADATA_SIZE) return { kind: 'not-a-program' };
  const upgradeAuthority = data[12] === 1 ? new PublicKey(data.subarray(13, 45)) : null;
  const deployed = data.subarray(PROGRAMDATA_METADATA_SIZE);
  const same =
    deployed.length >= so.length &&
    Buffer.from(deployed.subarray(0, so.length)).equals(Buffer.from(so)) &&
    deployed.subarray(so.length).every((byte) => byte === 0);
  return { kind: same ? 'same' : 'different', upgradeAuthority, programData };
}

/** The largest Write chunk whose transaction (one signer, fee payer = authority) fits a packet. */
function writeChunkSize(payer: PublicKey, buffer: PublicKey): number {
  const tx = new Transaction({ feePayer: payer, recentBlockhash: PublicKey.default.toBase58() }).add(
    writeInstruction(buffer, payer, 0, new Uint8Array()),
  );
  // signatures: compact-u16 count + 64 bytes each; +1: the data length prefix grows to two bytes past 127 bytes
  return PACKET_SIZE - (tx.serializeMessage().length + 1 + 64) - 1;
}

export interface RpcDeployment {
  programId: PublicKey;
  programData: PublicKey;
  transactionCount: number;
  lamportsSpent: bigint;
}

/**
 * Deploys `so` at `program`'s address; `payer` pays and becomes the upgrade authority. `maxDataLen` reserves room
 * for later upgrades (the program data account cannot grow past it without an extend).
 */
export async function deployOverRpc(
  connection: Connection,
  payer: Keypair,
  program: Keypair,
  so: Uint8Array,
  options: { maxDataLen: number; onProgress?: (message: string) => void },
): Promise<RpcDeployment> {
  const progress = options.onProgress ?? (() => undefined);
  if (options.maxDataLen < so.length) throw new Error(`max length ${options.maxDataLen} is smaller than the program (${so.length} bytes)`);
  const before = BigInt(await connection.getBalance(payer.publicKey, 'confirmed'));
  const send = (tx: Transaction, signers: Keypair[]) => sendAndConfirm(connection, tx, signers);
  const buffer = Keypair.generate();
  const bufferSize = BUFFER_METADATA_SIZE + so.length;
  let transactionCount = 0;

  await send(
    new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: buffer.publicKey,
        lamports: await connection.getMinimumBalanceForRentExemption(bufferSize),
        space: bufferSize,
        programId: BPF_LOADER_UPGRADEABLE_ID,
      }),
      new TransactionInstruction({
        programId: BPF_LOADER_UPGRADEABLE_ID,
        keys: [
          { pubkey: buffer.publicKey, isSigner: false, isWritable: true },
          { pubkey: payer.publicKey, isSigner: false, isWritable: false },
        ],
        data: u32(0),
      }),
    ),
    [payer, buffer],
  );
  transactionCount++;
  progress(`buffer ${buffer.publicKey.toBase58()} created`);

  const chunkSize = writeChunkSize(payer.publicKey, buffer.publicKey);
  for (let offset = 0; offset < so.length; offset += chunkSize) {
    const chunk = so.subarray(offset, offset + chunkSize);
    await send(new Transaction().add(writeInstruction(buffer.publicKey, payer.publicKey, offset, chunk)), [payer]);
    transactionCount++;
  }
  progress(`wrote ${so.length} bytes in ${transactionCount - 1} transactions of up to ${chunkSize} bytes`);

  const programData = findProgramDataAddress(program.publicKey);
  await send(
    new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: program.publicKey,
        lamports: await connection.getMinimumBalanceForRentExemption(PROGRAM_ACCOUNT_SIZE),
        space: PROGRAM_ACCOUNT_SIZE,
        programId: BPF_LOADER_UPGRADEABLE_ID,
      }),
      new TransactionInstruction({
        programId: BPF_LOADER_UPGRADEABLE_ID,
        keys: [
          { pubkey: payer.publicKey, isSigner: true, isWritable: true },
          { pubkey: programData, isSigner: false, isWritable: true },
          { pubkey: program.publicKey, isSigner: false, isWritable: true },
          { pubkey: buffer.publicKey, isSigner: false, isWritable: true },
          { pubkey: SYSVAR_RENT_PUBKEY, isSigner: false, isWritable: false },
          { pubkey: SYSVAR_CLOCK_PUBKEY, isSigner: false, isWritable: false },
          { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
          { pubkey: payer.publicKey, isSigner: true, isWritable: false },
        ],
        data: Buffer.concat([u32(2), u64(options.maxDataLen)]),
      }),
    ),
    [payer, program],
  );
  transactionCount++;
  const after = BigInt(await connection.getBalance(payer.publicKey, 'confirmed'));
  return { programId: program.publicKey, programData, transactionCount, lamportsSpent: before - after };
}

/** Rent of the accounts a deploy creates (buffer, program, program data), for the cost shown before asking. */
export async function deployRent(connection: Connection, soLength: number, maxDataLen: number): Promise<bigint> {
  const sizes = [BUFFER_METADATA_SIZE + soLength, PROGRAM_ACCOUNT_SIZE, PROGRAMDATA_METADATA_SIZE + maxDataLen];
  const rents = await Promise.all(sizes.map((size) => connection.getMinimumBalanceForRentExemption(size)));
  return rents.reduce((sum, rent) => sum + BigInt(rent), 0n);
}
