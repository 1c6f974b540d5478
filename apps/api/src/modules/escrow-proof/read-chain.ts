import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ACCOUNT_DISCRIMINATORS, BPF_LOADER_UPGRADEABLE_ID, decodeConfig, decodeFillTicket, decodeUniversalOrder, findConfigPda } from '@jelly/escrow';
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
  /** From when (unix s) the parties can take everything the vault holds for its deals, or the idle offer's tokens, without us; null: never alone (a contested deal needs both parties or a decision). */
  escapeFrom: bigint | null;
}

/**
 * The escape deadline of a vault: with open deals, the latest of their deadlines (a deal the fiat side marked paid
 * and the crypto side did not release never moves alone: null); with none, the offer's own. The program's rule: a
 * deadline is the last action's time plus Config's escape_after_seconds.
 */
function vaultEscapeFrom(orderUpdatedAt: bigint, openTickets: readonly { updatedAt: bigint; contested: boolean }[], after: bigint): bigint | null {
  if (openTickets.some((t) => t.contested)) return null;
  if (openTickets.length === 0) return orderUpdatedAt + after;
  return openTickets.reduce((latest, t) => (t.updatedAt > latest ? t.updatedAt : latest), 0n) + after;
}

/** Config's escape deadline (seconds); null when the program has no Config yet. */
export async function readEscapeAfterSeconds(connection: Connection, programId: PublicKey): Promise<number | null> {
  const config = await connection.getAccountInfo(findConfigPda(programId)[0], 'confirmed');
  return config ? decodeConfig(config.data).escapeAfterSeconds : null;
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
export async function readVaults(connection: Connection, programId: PublicKey, escapeAfterSeconds: number | null): Promise<ChainVault[]> {
  const ofKind = (discriminator: Uint8Array) =>
    connection.getProgramAccounts(programId, { commitment: 'confirmed', filters: [{ memcmp: { offset: 0, bytes: bs58.encode(discriminator) } }] });
  const [orders, tickets] = await Promise.all([ofKind(ACCOUNT_DISCRIMINATORS.UniversalOrder), ofKind(ACCOUNT_DISCRIMINATORS.FillTicket)]);
  const openByOrder = new Map<string, { updatedAt: bigint; contested: boolean }[]>();
  for (const { account } of tickets) {
    const ticket = decodeFillTicket(account.data);
    if (ticket.status !== 'Locked') continue;
    const key = ticket.order.toBase58();
    openByOrder.set(key, [...(openByOrder.get(key) ?? []), { updatedAt: ticket.updatedAt, contested: ticket.fiatGuySigned && !ticket.cryptoGuySigned }]);
  }
  const decoded = orders.map(({ pubkey, account }) => ({ pubkey, ...decodeUniversalOrder(account.data) }));
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
        escapeFrom: escapeAfterSeconds === null ? null : vaultEscapeFrom(order.updatedAt, openByOrder.get(order.pubkey.toBase58()) ?? [], BigInt(escapeAfterSeconds)),
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
