import { decodeConfig, findConfigPda, type Config } from '@jelly/escrow';
import type { Chain } from '../../../chain/chain.ts';
import { AppError } from '../../../errors.ts';

const CACHE_MS = 30_000;
const cache = new WeakMap<Chain, { at: number; config: Config }>();

/**
 * The escrow program's Config (fee_bps, treasury, admin): the single source of truth for the fee.
 * Cached for 30 s per chain; a config whose admin is not our key means the server is misconfigured.
 */
export async function readEscrowConfig(chain: Chain): Promise<Config> {
  const cached = cache.get(chain);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.config;
  const [address] = findConfigPda(chain.programId);
  const account = await chain.connection.getAccountInfo(address, 'confirmed');
  if (!account || !account.owner.equals(chain.programId)) {
    throw new AppError('CHAIN_UNAVAILABLE', 'The escrow program is not initialised on this cluster.');
  }
  const config = decodeConfig(account.data);
  if (!config.admin.equals(chain.admin.publicKey)) {
    throw new AppError('CHAIN_UNAVAILABLE', "The escrow program's admin is not this server's key.");
  }
  cache.set(chain, { at: Date.now(), config });
  return config;
}

/** The chain, or 503 CHAIN_UNAVAILABLE when the app runs without one. */
export function requireChain(chain: Chain | null): Chain {
  if (!chain) throw new AppError('CHAIN_UNAVAILABLE', 'On-chain actions are unavailable: the server has no Solana connection.');
  return chain;
}
