import type { EscrowTokenTotal, EscrowVault } from '@jelly/contracts';
import type { LockedInVault } from '../deals/index.ts';
import type { ChainVault } from './read-chain.ts';

export interface TokenInfo {
  symbol: string;
  decimals: number;
}

/**
 * Sets each vault's on-chain balance beside what the database says is locked in it. A vault appears when either side
 * has tokens in it (an empty vault both sides agree on is noise); a difference is kept, never dropped or netted.
 */
export function reconcile(
  chainVaults: readonly ChainVault[],
  locked: readonly LockedInVault[],
  tokens: ReadonlyMap<string, TokenInfo>,
  derive: { vaultOf: (offerId: number) => string; explorerUrl: (address: string) => string },
): { vaults: EscrowVault[]; totals: EscrowTokenTotal[] } {
  const byOffer = new Map(locked.map((row) => [row.offerId, row]));
  const onChain = new Map(chainVaults.map((vault) => [vault.offerId, vault]));
  const offerIds = [...new Set([...onChain.keys(), ...byOffer.keys()])].sort((a, b) => a - b);
  const vaults: EscrowVault[] = [];
  for (const offerId of offerIds) {
    const chain = onChain.get(offerId);
    const db = byOffer.get(offerId);
    const chainAmount = chain?.amount ?? null;
    const dbAmount = db?.amount ?? 0n;
    if ((chainAmount ?? 0n) === 0n && dbAmount === 0n) continue;
    const mint = chain?.mint ?? db!.tokenMint;
    const token = tokens.get(mint) ?? (db ? { symbol: db.tokenName, decimals: db.tokenDecimal } : { symbol: '?', decimals: 0 });
    // The vault the chain names; for deals the database locked where the chain has no order, the address it would have.
    const vault = chain?.vault ?? derive.vaultOf(offerId);
    const difference = (chainAmount ?? 0n) - dbAmount;
    vaults.push({
      offerId,
      dealIds: db?.dealIds ?? [],
      symbol: token.symbol,
      mint,
      decimals: token.decimals,
      vault,
      explorerUrl: derive.explorerUrl(vault),
      onChain: chainAmount === null ? null : chainAmount.toString(),
      inDatabase: dbAmount.toString(),
      difference: difference.toString(),
      matches: difference === 0n && chainAmount !== null,
      escapeFrom: chain?.escapeFrom == null ? null : new Date(Number(chain.escapeFrom) * 1000).toISOString(),
    });
  }
  const totals = new Map<string, EscrowTokenTotal>();
  for (const vault of vaults) {
    const total = totals.get(vault.mint) ?? { symbol: vault.symbol, mint: vault.mint, decimals: vault.decimals, onChain: '0', inDatabase: '0' };
    total.onChain = (BigInt(total.onChain) + BigInt(vault.onChain ?? '0')).toString();
    total.inDatabase = (BigInt(total.inDatabase) + BigInt(vault.inDatabase)).toString();
    totals.set(vault.mint, total);
  }
  return { vaults, totals: [...totals.values()].sort((a, b) => a.symbol.localeCompare(b.symbol)) };
}
