import { KNOWN_MINTS, type SwapAsset } from '@jelly/contracts';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { STABLECOIN_SYMBOLS, type StablecoinMints } from '../../chain/stablecoin-mints.ts';

/**
 * The tokens the desk trades. SOL moves as native lamports (a System transfer), never as wrapped SOL: the user needs
 * no wSOL account (no create, sync and close with its rent in between), the transfer is one instruction with an exact
 * amount, and every wallet shows the balance as SOL. Its "mint" on the wire is the wSOL mint address, as Jupiter does.
 */
export interface DeskAsset {
  symbol: SwapAsset;
  mint: PublicKey;
  /** The mint's address (base58), computed once: encoding a key is one of the costs of a quote. */
  address: string;
  decimals: number;
  native: boolean;
}

/** SOL's wire mint, the wSOL address: the same on every cluster. */
export const SOL_ASSET: DeskAsset = { symbol: 'SOL', mint: new PublicKey(KNOWN_MINTS.SOL), address: KNOWN_MINTS.SOL, decimals: 9, native: true };

/**
 * The desk's assets on this cluster: SOL, and each stablecoin at the cluster's mint (the shared STABLECOIN_MINTS
 * list the catalogue follows too); a stablecoin the cluster has no mint for is not traded.
 */
export function deskAssets(mints: StablecoinMints): readonly DeskAsset[] {
  return [SOL_ASSET, ...STABLECOIN_SYMBOLS.flatMap((symbol) => {
    const mint = mints[symbol];
    if (!mint) return [];
    const key = new PublicKey(mint);
    return [{ symbol, mint: key, address: key.toBase58(), decimals: 6, native: false }];
  })];
}

export function deskAssetByMint(assets: readonly DeskAsset[], mint: string): DeskAsset | undefined {
  return assets.find((asset) => asset.address === mint);
}

const ATA_CACHE_LIMIT = 10_000;
const ataCache = new Map<string, PublicKey>();

/**
 * The associated token account of `owner` for `mint`, remembered: deriving it searches for an off-curve address
 * (hashing and a curve check per try), the most expensive step of building a quote, and the answer never changes.
 */
export function associatedTokenAccount(mint: PublicKey, owner: PublicKey): PublicKey {
  const key = `${mint.toBase58()}:${owner.toBase58()}`;
  let address = ataCache.get(key);
  if (!address) {
    address = getAssociatedTokenAddressSync(mint, owner, true);
    if (ataCache.size >= ATA_CACHE_LIMIT) ataCache.delete(ataCache.keys().next().value as string);
    ataCache.set(key, address);
  }
  return address;
}

/** Where an owner holds the asset: the wallet itself for SOL, its associated token account otherwise. */
export function holdingAddress(asset: DeskAsset, owner: PublicKey): PublicKey {
  return asset.native ? owner : associatedTokenAccount(asset.mint, owner);
}
