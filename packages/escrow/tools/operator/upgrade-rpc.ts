// Upgrades a deployed program in place and reclaims the rent of buffers left behind, over JSON-RPC with the
// upgradeable BPF loader's instructions (hand-written for the reason at the top of deploy-rpc.ts).

import type { PublicKey } from '@solana/web3.js';
import { Transaction, type Connection, type Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { BPF_LOADER_UPGRADEABLE_ID } from '../../src/client/constants.ts';
import { deployedSha256, writeBuffer } from './deploy-rpc.ts';
import { BUFFER_TAG, closeBufferInstruction, extendProgramInstruction, upgradeInstruction } from './loader-instructions.ts';
import { sendAndConfirm } from './send.ts';

/**
 * The smallest growth the loader accepts (SIMD-0431: an extend below 10 KiB is refused unless it reaches the account
 * size limit), so a build that outgrew its room by a few bytes still grows by this much.
 */
export const MIN_EXTEND_BYTES = 10_240;

/** Bytes the program data must grow by before an upgrade to `length` bytes (0 when it fits its room). */
export const extensionFor = (length: number, room: number) => (length > room ? Math.max(length - room, MIN_EXTEND_BYTES) : 0);

export interface RpcUpgrade {
  buffer: PublicKey;
  /** Bytes the program data account grew by first (0 when the new build fit its room). */
  extendedBy: number;
  transactionCount: number;
  lamportsSpent: bigint;
  /** sha256 of the deployed bytes read back after the upgrade (src/program-hash.ts); equals the file's, or the upgrade throws. */
  sha256: string;
}

/**
 * Writes `so` to a new buffer, grows the program data if the build outgrew its room, upgrades the program at the
 * same address (`authority` must be its upgrade authority; the buffer's rent comes back to it), then reads the
 * deployed bytes back and refuses to report success unless they are exactly the file.
 */
export async function upgradeOverRpc(
  connection: Connection,
  authority: Keypair,
  target: { programId: PublicKey; programData: PublicKey; room: number },
  so: Uint8Array,
  progress: (message: string) => void,
): Promise<RpcUpgrade> {
  const before = BigInt(await connection.getBalance(authority.publicKey, 'confirmed'));
  // The extend goes first, in its own transaction: it redeploys the program in its slot, and the loader refuses an
  // upgrade in the slot of the last deploy; the buffer's writes land in later slots.
  const extendedBy = extensionFor(so.length, target.room);
  if (extendedBy > 0) {
    await sendAndConfirm(connection, new Transaction().add(extendProgramInstruction(target.programData, target.programId, authority.publicKey, extendedBy)), [authority]);
    progress(`program data grown by ${extendedBy} bytes`);
  }
  const { buffer, transactionCount } = await writeBuffer(connection, authority, so, progress);
  await sendAndConfirm(connection, new Transaction().add(upgradeInstruction(target.programData, target.programId, buffer, authority.publicKey, authority.publicKey)), [authority]);
  progress(`upgraded ${target.programId.toBase58()}`);

  const sha256 = await deployedSha256(connection, target.programData, so);
  const after = BigInt(await connection.getBalance(authority.publicKey, 'confirmed'));
  return { buffer, extendedBy, transactionCount: transactionCount + 1 + (extendedBy > 0 ? 1 : 0), lamportsSpent: before - after, sha256 };
}

export interface LeftoverBuffer {
  address: PublicKey;
  lamports: bigint;
}

/** Loader buffers whose authority is `authority`: what an interrupted deploy or upgrade left behind. */
export async function findBuffers(connection: Connection, authority: PublicKey): Promise<LeftoverBuffer[]> {
  const accounts = await connection.getProgramAccounts(BPF_LOADER_UPGRADEABLE_ID, {
    commitment: 'confirmed',
    dataSlice: { offset: 0, length: 0 },
    filters: [
      { memcmp: { offset: 0, bytes: bs58.encode(Uint8Array.of(BUFFER_TAG, 0, 0, 0, 1)) } }, // tag Buffer, Some(authority)
      { memcmp: { offset: 5, bytes: authority.toBase58() } },
    ],
  });
  return accounts.map(({ pubkey, account }) => ({ address: pubkey, lamports: BigInt(account.lamports) }));
}

/** Closes each buffer (one transaction each, so one failure stops nothing else) and returns their rent to the authority. */
export async function reclaimBuffers(
  connection: Connection,
  authority: Keypair,
  buffers: LeftoverBuffer[],
  progress: (message: string) => void,
): Promise<{ closed: number; lamportsReturned: bigint }> {
  const before = BigInt(await connection.getBalance(authority.publicKey, 'confirmed'));
  let closed = 0;
  for (const buffer of buffers) {
    const signature = await sendAndConfirm(
      connection,
      new Transaction().add(closeBufferInstruction(buffer.address, authority.publicKey, authority.publicKey)),
      [authority],
    );
    progress(`closed buffer ${buffer.address.toBase58()}: ${signature}`);
    closed++;
  }
  const after = BigInt(await connection.getBalance(authority.publicKey, 'confirmed'));
  return { closed, lamportsReturned: after - before };
}
