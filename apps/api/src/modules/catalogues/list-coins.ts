import type { Coin } from '@jelly/contracts';
import type { Database } from '../../db/connect.ts';
import { selectTokens } from './queries.ts';

/**
 * GET /platform/coins — the tokens table without disabled tokens and without `hidden` mints (the bundled stablecoins
 * of other clusters: stablecoin-mints.ts); entries with an empty symbol, name, mint or icon are dropped.
 */
export async function listCoins(db: Database, hidden: ReadonlySet<string> = new Set()): Promise<Coin[]> {
  const rows = await selectTokens(db);
  return rows
    .filter((row) => !row.disabled && !hidden.has(row.mint) && [row.symbol, row.name, row.mint, row.icon].every((field) => field.trim() !== ''))
    .map((row) => ({
      symbol: row.symbol,
      name: row.name,
      mint: row.mint,
      decimals: row.decimals,
      isVerified: row.isVerified,
      mintDevnet: row.mintDevnet,
      icon: row.icon,
    }));
}
