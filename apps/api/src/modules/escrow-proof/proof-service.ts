import type { EscrowProof } from '@jelly/contracts';
import { findOrderPda, findVaultPda } from '@jelly/escrow';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { listCoins } from '../catalogues/index.ts';
import { lockedInEscrowByOffer } from '../deals/index.ts';
import { committedProgram, readEscapeAfterSeconds, readProgram, readVaults } from './read-chain.ts';
import { reconcile, type TokenInfo } from './reconcile.ts';

/** How long one reading of the chain is served: many visitors, one getProgramAccounts per period. */
export const ESCROW_PROOF_CACHE_MS = 15_000;

/** An explorer page for an address on the configured cluster; any other node is a custom cluster at `rpcUrl`. */
export function addressExplorerUrl(address: string, cluster: string, rpcUrl: string): string {
  const base = `https://explorer.solana.com/address/${encodeURIComponent(address)}`;
  if (cluster === 'mainnet-beta') return base;
  if (cluster === 'devnet' || cluster === 'testnet') return `${base}?cluster=${cluster}`;
  return `${base}?${new URLSearchParams({ cluster: 'custom', customUrl: rpcUrl }).toString()}`;
}

type Reading = Omit<EscrowProof, 'program' | 'vaults'> & {
  program: Omit<EscrowProof['program'], 'explorerUrl'>;
  vaults: Omit<EscrowProof['vaults'][number], 'explorerUrl'>[];
};

/**
 * The proof of escrow: reads the chain (the program's order accounts, their vaults in batches, the program data)
 * and the database at most once per ESCROW_PROOF_CACHE_MS, concurrent callers sharing one reading. Explorer links
 * are added per answer, for the public RPC URL the route names (from PUBLIC_URL, never a request header).
 */
export function createEscrowProof(db: Database, chain: Chain, now: () => Date) {
  const source = committedProgram();
  let cached: { at: number; reading: Promise<Reading> } | null = null;

  async function read(): Promise<Reading> {
    const escapeAfterSeconds = await readEscapeAfterSeconds(chain.connection, chain.programId);
    const [chainVaults, program, locked, coins] = await Promise.all([
      readVaults(chain.connection, chain.programId, escapeAfterSeconds),
      readProgram(chain.connection, chain.programId, source.bytes),
      lockedInEscrowByOffer(db),
      listCoins(db),
    ]);
    const tokens = new Map<string, TokenInfo>(coins.map((coin) => [coin.mint, { symbol: coin.symbol, decimals: coin.decimals }]));
    const vaultOf = (offerId: number) => findVaultPda(findOrderPda(offerId, chain.programId)[0], chain.programId)[0].toBase58();
    const { vaults, totals } = reconcile(chainVaults, locked, tokens, { vaultOf, explorerUrl: () => '' });
    return {
      cluster: chain.cluster,
      readAt: now().toISOString(),
      program: {
        programId: chain.programId.toBase58(),
        programData: program.programData,
        upgradeAuthority: program.upgradeAuthority,
        deployedSha256: program.deployedSha256,
        sourceSha256: source.sha256,
        matches: program.matchesSource,
      },
      vaults: vaults.map(({ explorerUrl: _unused, ...vault }) => vault),
      totals,
      escapeAfterSeconds,
      reconciled: vaults.every((vault) => vault.matches),
    };
  }

  return async (rpcUrl: string): Promise<EscrowProof> => {
    const at = now().getTime();
    if (!cached || at - cached.at >= ESCROW_PROOF_CACHE_MS) {
      const reading = read();
      cached = { at, reading };
      // A failed reading is not kept: the next caller tries again.
      reading.catch(() => {
        if (cached?.reading === reading) cached = null;
      });
    }
    const reading = await cached.reading;
    const link = (address: string) => addressExplorerUrl(address, reading.cluster, rpcUrl);
    return {
      ...reading,
      program: { ...reading.program, explorerUrl: link(reading.program.programId) },
      vaults: reading.vaults.map((vault) => ({ ...vault, explorerUrl: link(vault.vault) })),
    };
  };
}
