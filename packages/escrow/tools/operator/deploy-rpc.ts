// Deploys a program over JSON-RPC through the upgradeable BPF loader's own instructions, the way `solana program
// deploy` does: create + InitializeBuffer, Write in chunks, then create the program account + DeployWithMaxDataLen.
// Written here because no maintained TypeScript library runs this sequence: web3.js 1.x only knows the old
// non-upgradeable loader, and @solana-program/loader-v3 encodes single instructions without the buffer upload.
// `deploy-upgradeable.ts` does the same inside LiteSVM for the tests of the build; `upgrade-rpc.ts` upgrades.

import { Keypair, PublicKey, SystemProgram, Transaction, type Connection } from '@solana/web3.js';
import { BPF_LOADER_UPGRADEABLE_ID } from '../../src/client/constants.ts';
import { findProgramDataAddress } from '../../src/client/pda.ts';
import { programSha256, sameProgram } from '../../src/program-hash.ts';
import {
  BUFFER_METADATA_SIZE,
  PROGRAM_ACCOUNT_SIZE,
  PROGRAMDATA_METADATA_SIZE,
  deployWithMaxDataLenInstruction,
  initializeBufferInstruction,
  writeInstruction,
} from './loader-instructions.ts';
import { sendAndConfirm } from './send.ts';

export { PROGRAMDATA_METADATA_SIZE };
const PACKET_SIZE = 1232;

/** What a program address holds now, compared with the bytes to deploy. */
export type DeployedState =
  | { kind: 'absent' }
  | { kind: 'same'; upgradeAuthority: PublicKey | null; programData: PublicKey; room: number }
  | { kind: 'different'; upgradeAuthority: PublicKey | null; programData: PublicKey; room: number }
  | { kind: 'not-a-program' };

/** Reads the program account and its ProgramData. */
export async function deployedState(connection: Connection, programId: PublicKey, so: Uint8Array): Promise<DeployedState> {
  const program = await connection.getAccountInfo(programId, 'confirmed');
  if (!program) return { kind: 'absent' };
  if (!program.owner.equals(BPF_LOADER_UPGRADEABLE_ID) || program.data.length < PROGRAM_ACCOUNT_SIZE) return { kind: 'not-a-program' };
  const programData = new PublicKey(program.data.subarray(4, 36));
  const data = (await connection.getAccountInfo(programData, 'confirmed'))?.data;
  if (!data || data.length < PROGRAMDATA_METADATA_SIZE) return { kind: 'not-a-program' };
  const upgradeAuthority = data[12] === 1 ? new PublicKey(data.subarray(13, 45)) : null;
  const deployed = data.subarray(PROGRAMDATA_METADATA_SIZE);
  // The same program: the .so followed by zero padding up to the program data's room (src/program-hash.ts).
  const kind = sameProgram(deployed, so) ? 'same' : 'different';
  return { kind, upgradeAuthority, programData, room: deployed.length };
}

/** The largest Write chunk whose transaction (one signer, fee payer = authority) fits a packet. */
function writeChunkSize(payer: PublicKey, buffer: PublicKey): number {
  const tx = new Transaction({ feePayer: payer, recentBlockhash: PublicKey.default.toBase58() }).add(
    writeInstruction(buffer, payer, 0, new Uint8Array()),
  );
  // signatures: compact-u16 count + 64 bytes each; +1: the data length prefix grows to two bytes past 127 bytes
  return PACKET_SIZE - (tx.serializeMessage().length + 1 + 64) - 1;
}

/**
 * Creates a buffer owned by the loader with `authority` as its authority and writes `so` into it. A run stopped
 * half-way leaves the buffer and its rent behind: `reclaimBuffers` (upgrade-rpc.ts) closes it.
 */
export async function writeBuffer(
  connection: Connection,
  authority: Keypair,
  so: Uint8Array,
  progress: (message: string) => void,
): Promise<{ buffer: PublicKey; transactionCount: number }> {
  const send = (tx: Transaction, signers: Keypair[]) => sendAndConfirm(connection, tx, signers);
  const buffer = Keypair.generate();
  const bufferSize = BUFFER_METADATA_SIZE + so.length;
  await send(
    new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: authority.publicKey,
        newAccountPubkey: buffer.publicKey,
        lamports: await connection.getMinimumBalanceForRentExemption(bufferSize),
        space: bufferSize,
        programId: BPF_LOADER_UPGRADEABLE_ID,
      }),
      initializeBufferInstruction(buffer.publicKey, authority.publicKey),
    ),
    [authority, buffer],
  );
  progress(`buffer ${buffer.publicKey.toBase58()} created`);
  const chunkSize = writeChunkSize(authority.publicKey, buffer.publicKey);
  let writes = 0;
  for (let offset = 0; offset < so.length; offset += chunkSize) {
    const chunk = so.subarray(offset, offset + chunkSize);
    await send(new Transaction().add(writeInstruction(buffer.publicKey, authority.publicKey, offset, chunk)), [authority]);
    writes++;
  }
  progress(`wrote ${so.length} bytes in ${writes} transactions of up to ${chunkSize} bytes`);
  return { buffer: buffer.publicKey, transactionCount: 1 + writes };
}

export interface RpcDeployment {
  programId: PublicKey;
  programData: PublicKey;
  transactionCount: number;
  lamportsSpent: bigint;
  /** sha256 of the deployed bytes read back after the deploy (src/program-hash.ts); equals the file's, or the deploy throws. */
  sha256: string;
}

/**
 * Deploys `so` at `program`'s address; `payer` pays and becomes the upgrade authority. `maxDataLen` reserves room
 * for later upgrades (beyond it an upgrade first extends the program data account).
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
  const { buffer, transactionCount } = await writeBuffer(connection, payer, so, progress);

  const programData = findProgramDataAddress(program.publicKey);
  await sendAndConfirm(
    connection,
    new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: program.publicKey,
        lamports: await connection.getMinimumBalanceForRentExemption(PROGRAM_ACCOUNT_SIZE),
        space: PROGRAM_ACCOUNT_SIZE,
        programId: BPF_LOADER_UPGRADEABLE_ID,
      }),
      deployWithMaxDataLenInstruction(payer.publicKey, programData, program.publicKey, buffer, options.maxDataLen),
    ),
    [payer, program],
  );
  const sha256 = await deployedSha256(connection, programData, so);
  const after = BigInt(await connection.getBalance(payer.publicKey, 'confirmed'));
  return { programId: program.publicKey, programData, transactionCount: transactionCount + 1, lamportsSpent: before - after, sha256 };
}

/** Rent of the accounts a deploy creates (buffer, program, program data), for the cost shown before asking. */
export async function deployRent(connection: Connection, soLength: number, maxDataLen: number): Promise<bigint> {
  const sizes = [BUFFER_METADATA_SIZE + soLength, PROGRAM_ACCOUNT_SIZE, PROGRAMDATA_METADATA_SIZE + maxDataLen];
  const rents = await Promise.all(sizes.map((size) => connection.getMinimumBalanceForRentExemption(size)));
  return rents.reduce((sum, rent) => sum + BigInt(rent), 0n);
}

/** Reads the program data back and returns its program bytes' sha256; throws unless they are exactly `so`. */
export async function deployedSha256(connection: Connection, programData: PublicKey, so: Uint8Array): Promise<string> {
  const data = (await connection.getAccountInfo(programData, 'confirmed'))?.data;
  if (!data || data.length < PROGRAMDATA_METADATA_SIZE || !sameProgram(data.subarray(PROGRAMDATA_METADATA_SIZE), so)) {
    throw new Error(`the program's deployed bytes do not equal the file (program data ${programData.toBase58()})`);
  }
  return programSha256(data.subarray(PROGRAMDATA_METADATA_SIZE));
}
