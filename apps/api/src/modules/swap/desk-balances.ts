import type { PlatformFigures } from '@jelly/contracts';
import type { Chain } from '../../chain/chain.ts';
import { readBalances } from './desk-inventory.ts';
import type { Desk } from './desk-service.ts';

/**
 * The desk's treasury balances for the admin Platform figures (SOL as lamports, each token in base units), read from
 * the chain in one call. Undefined when there is no desk, so the figures show none.
 */
export function deskBalances(chain: Chain | null, desk: Desk | null): (() => Promise<PlatformFigures['desk']>) | undefined {
  if (!chain || !desk) return undefined;
  const owner = desk.key.publicKey;
  return async () => {
    const balances = await readBalances(chain, owner, desk.assets);
    const sol = balances.find((b) => b.asset.native);
    return {
      address: owner.toBase58(),
      lamports: (sol?.amount ?? 0n).toString(),
      tokens: balances
        .filter((b) => !b.asset.native)
        .map((b) => ({ symbol: b.asset.symbol, mint: b.asset.mint.toBase58(), decimals: b.asset.decimals, amount: b.amount.toString() })),
    };
  };
}
