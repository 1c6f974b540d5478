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
  decimals: number;
  native: boolean;
}

export const DESK_ASSETS: readonly DeskAsset[] = [
  { symbol: 'SOL', mint: new PublicKey(KNOWN_MINTS.SOL), decimals: 9, native: true },
  { symbol: 'USDC', mint: new PublicKey(KNOWN_MINTS.USDC), decimals: 6, native: false },
  { symbol: 'USDT', mint: new PublicKey(KNOWN_MINTS.USDT), decimals: 6, native: false },
];

export function deskAssetByMint(mint: string): DeskAsset | undefined {
  return DESK_ASSETS.find((asset) => asset.mint.toBase58() === mint);
}

export function deskAssetBySymbol(symbol: string): DeskAsset | undefined {
  return DESK_ASSETS.find((asset) => asset.symbol === symbol);
}

/** Where an owner holds the asset: the wallet itself for SOL, its associated token account otherwise. */
export function holdingAddress(asset: DeskAsset, owner: PublicKey): PublicKey {
  return asset.native ? owner : getAssociatedTokenAddressSync(asset.mint, owner, true);
}
