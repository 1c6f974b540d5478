import { KNOWN_MINTS, type SwapAsset } from '@jelly/contracts';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';

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

export const DESK_ASSETS: readonly DeskAsset[] = [
  { symbol: 'SOL', mint: new PublicKey(KNOWN_MINTS.SOL), address: KNOWN_MINTS.SOL, decimals: 9, native: true },
  { symbol: 'USDC', mint: new PublicKey(KNOWN_MINTS.USDC), address: KNOWN_MINTS.USDC, decimals: 6, native: false },
  { symbol: 'USDT', mint: new PublicKey(KNOWN_MINTS.USDT), address: KNOWN_MINTS.USDT, decimals: 6, native: false },
];

export function deskAssetByMint(mint: string): DeskAsset | undefined {
  return DESK_ASSETS.find((asset) => asset.address === mint);
}

export function deskAssetBySymbol(symbol: string): DeskAsset | undefined {
  return DESK_ASSETS.find((asset) => asset.symbol === symbol);
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
