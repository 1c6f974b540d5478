import { CLUSTER_STABLECOIN_MINTS } from '@jelly/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { STABLECOIN_SYMBOLS, type StablecoinMints, type StablecoinSymbol } from '../../chain/stablecoin-mints.ts';

/** Every cluster's default mint of `symbol`: the bundled rows a cluster's list may replace. */
const defaultsOf = (symbol: StablecoinSymbol) =>
  new Set(Object.values(CLUSTER_STABLECOIN_MINTS).flatMap((list) => (list[symbol] ? [list[symbol]] : [])));

/**
 * The bundled stablecoin rows of other clusters, left out of the coin list: on devnet the mainnet USDC and USDT
 * mints hold nothing. Admin-added tokens are never among them.
 */
export function otherClustersMints(mints: StablecoinMints): ReadonlySet<string> {
  const hidden = new Set<string>();
  for (const symbol of STABLECOIN_SYMBOLS) {
    for (const mint of defaultsOf(symbol)) if (mint !== mints[symbol]) hidden.add(mint);
  }
  return hidden;
}

/**
 * Gives the catalogue a row for each configured stablecoin mint, copied from the bundled row of that symbol (name,
 * decimals, icon, position), so offers in it are accepted. Rows are only added, never changed or removed: deals of
 * an earlier list keep their token. Safe to run on every start and from several replicas at once.
 */
export async function ensureStablecoinRows(db: Queryable, mints: StablecoinMints, now: Date): Promise<void> {
  for (const [symbol, mint] of Object.entries(mints)) {
    const bundled = [...defaultsOf(symbol as StablecoinSymbol)];
    if (!mint || bundled.length === 0) continue;
    await db.execute(sql`
      INSERT INTO tokens (mint, symbol, name, decimals, is_verified, mint_devnet, icon, position, created_at)
      SELECT ${mint}, symbol, name, decimals, is_verified, NULL, icon, position, ${now}
        FROM tokens
       WHERE symbol = ${symbol} AND mint IN (${sql.join(bundled.map((m) => sql`${m}`), sql`, `)})
       ORDER BY position
       LIMIT 1
      ON CONFLICT (mint) DO NOTHING`);
  }
}
