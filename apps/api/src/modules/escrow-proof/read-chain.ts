import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ACCOUNT_DISCRIMINATORS, BPF_LOADER_UPGRADEABLE_ID, decodeUniversalOrder } from '@jelly/escrow';
import { programSha256, sameProgram } from '@jelly/escrow/program-hash';
import { PublicKey, type Connection } from '@solana/web3.js';
import bs58 from 'bs58';

/** getMultipleAccounts takes at most 100 addresses a call on every node. */
const BATCH = 100;
// SPL token account: mint (32) · owner (32) · amount (u64 LE) · …
const TOKEN_AMOUNT_OFFSET = 64;
// ProgramData: u32 tag · u64 slot · Option<Pubkey> upgrade authority (1 + 32) · the program's bytes.
const PROGRAMDATA_HEADER = 45;

/** The committed build (the file `npm run verify:program` checks) and its program sha256, read once at start. */
export function committedProgram(): { bytes: Buffer; sha256: string } {
  const bytes = readFileSync(createRequire(import.meta.url).resolve('@jelly/escrow/program'));
  return { bytes, sha256: programSha256(bytes) };
}

export interface ChainVault {
  offerId: number;
  mint: string;
  vault: string;
  /** null: the vault's token account does not exist (closed, or never created). */
  amount: bigint | null;
}

export interface ChainProgram {
  programData: string | null;
  upgradeAuthority: string | null;
  /** sha256 of the deployed program's bytes, by the one rule of @jelly/escrow/program-hash. */
  deployedSha256: string | null;
  /** The deployed bytes equal the source build, followed only by zero padding. */
  matchesSource: boolean;
}

/** Every escrow order account of the program, and its vault's balance, read in batches. */
export async function readVaults(connection: Connection, programId: PublicKey): Promise<ChainVault[]> {
  const orders = await connection.getProgramAccounts(programId, {
    commitment: 'confirmed',
    filters: [{ memcmp: { offset: 0, bytes: bs58.encode(ACCOUNT_DISCRIMINATORS.UniversalOrder) } }],
  });
  const decoded = orders.map(({ account }) => decodeUniversalOrder(account.data));
  const vaults: ChainVault[] = [];
  for (let i = 0; i < decoded.length; i += BATCH) {
    const batch = decoded.slice(i, i + BATCH);
    const accounts = await connection.getMultipleAccountsInfo(
      batch.map((order) => order.vault),
      'confirmed',
    );
    batch.forEach((order, j) => {
      const data = accounts[j]?.data;
      vaults.push({
        offerId: Number(order.orderId),
        mint: order.cryptoMint.toBase58(),
        vault: order.vault.toBase58(),
        amount: data && data.length >= TOKEN_AMOUNT_OFFSET + 8 ? data.readBigUInt64LE(TOKEN_AMOUNT_OFFSET) : null,
      });
    });
  }
  return vaults;
}

/** The program's upgrade authority and the hash of its deployed bytes, beside the committed build's. */
export async function readProgram(connection: Connection, programId: PublicKey, source: Buffer): Promise<ChainProgram> {
  const program = await connection.getAccountInfo(programId, 'confirmed');
  if (!program?.owner.equals(BPF_LOADER_UPGRADEABLE_ID) || program.data.length < 36) {
    return { programData: null, upgradeAuthority: null, deployedSha256: null, matchesSource: false };
  }
  const programData = new PublicKey(program.data.subarray(4, 36));
  const data = (await connection.getAccountInfo(programData, 'confirmed'))?.data;
  if (!data || data.length < PROGRAMDATA_HEADER) {
    return { programData: programData.toBase58(), upgradeAuthority: null, deployedSha256: null, matchesSource: false };
  }
  const upgradeAuthority = data[12] === 1 ? new PublicKey(data.subarray(13, 45)).toBase58() : null;
  // Hashed by its own length (never the source build's), so a different build always shows a different hash.
  const deployed = data.subarray(PROGRAMDATA_HEADER);
  return { programData: programData.toBase58(), upgradeAuthority, deployedSha256: programSha256(deployed), matchesSource: sameProgram(deployed, source) };
}
