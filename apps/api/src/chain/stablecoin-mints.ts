import { CLUSTER_STABLECOIN_MINTS } from '@jelly/contracts';
import { PublicKey } from '@solana/web3.js';
import { z } from 'zod';
import { type ConfigRead, optionalText, readEnv } from '../lib/env-fields.ts';

export type StablecoinSymbol = 'USDC' | 'USDT';
export const STABLECOIN_SYMBOLS: readonly StablecoinSymbol[] = ['USDC', 'USDT'];

/**
 * The stablecoins' mints on the configured cluster: the one list the coin catalogue, the swap desk and Coin Jelly
 * follow. A symbol left out is not offered on this cluster.
 */
export type StablecoinMints = Readonly<Partial<Record<StablecoinSymbol, string>>>;

const envSchema = z.object({
  SOLANA_CLUSTER: optionalText,
  SOLANA_RPC_URL: optionalText,
  STABLECOIN_MINTS: optionalText,
});

const isMint = (value: string) => {
  try {
    return new PublicKey(value).toBase58() === value;
  } catch {
    return false;
  }
};

/** The cluster's default list (CLUSTER_STABLECOIN_MINTS); a cluster it does not name gets none. */
export function defaultStablecoinMints(cluster: string): StablecoinMints {
  return CLUSTER_STABLECOIN_MINTS[cluster] ?? {};
}

/**
 * STABLECOIN_MINTS (`USDC=<mint>,USDT=<mint>`, either may be left out) overrides the list SOLANA_CLUSTER selects
 * (CLUSTER_STABLECOIN_MINTS). Returns the problems instead of throwing.
 */
export function readStablecoinMints(env: NodeJS.ProcessEnv): ConfigRead<StablecoinMints> {
  return readEnv(envSchema, env, (e) => {
    const cluster = e.SOLANA_CLUSTER ?? (e.SOLANA_RPC_URL ? 'custom' : 'localnet');
    const mints: Partial<Record<StablecoinSymbol, string>> = { ...defaultStablecoinMints(cluster) };
    const problems: string[] = [];
    for (const entry of (e.STABLECOIN_MINTS ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
      const [symbol, mint, extra] = entry.split('=').map((part) => part.trim());
      if (extra !== undefined || !symbol || !mint) problems.push(`STABLECOIN_MINTS: '${entry}' is not SYMBOL=mint`);
      else if (!STABLECOIN_SYMBOLS.includes(symbol as StablecoinSymbol)) problems.push(`STABLECOIN_MINTS: ${symbol} is not one of ${STABLECOIN_SYMBOLS.join(', ')}`);
      else if (!isMint(mint)) problems.push(`STABLECOIN_MINTS: ${mint} is not a Solana address`);
      else mints[symbol as StablecoinSymbol] = mint;
    }
    return problems.length > 0 ? { ok: false, problems } : { ok: true, config: mints };
  });
}
