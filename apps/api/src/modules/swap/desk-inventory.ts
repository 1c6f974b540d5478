import type { PublicKey } from '@solana/web3.js';
import type { Chain } from '../../chain/chain.ts';
import { AppError } from '../../errors.ts';
import { holdingAddress, type DeskAsset } from './desk-assets.ts';

export interface AssetBalance {
  asset: DeskAsset;
  /** Base units (lamports for SOL); 0 without a token account. */
  amount: bigint;
  /** Whether the token account exists (always true for SOL). */
  exists: boolean;
}

/** Reads what `owner` holds of every desk asset, in one RPC call. */
export async function readBalances(chain: Chain, owner: PublicKey, assets: readonly DeskAsset[]): Promise<AssetBalance[]> {
  let accounts;
  try {
    accounts = await chain.connection.getMultipleAccountsInfo(assets.map((asset) => holdingAddress(asset, owner)), 'confirmed');
  } catch {
    throw new AppError('CHAIN_UNAVAILABLE', 'The Solana node did not answer. Please try again.');
  }
  return assets.map((asset, i) => {
    const account = accounts[i];
    if (asset.native) return { asset, amount: BigInt(account?.lamports ?? 0), exists: true };
    // SPL token account layout: mint (32) · owner (32) · amount u64 LE at offset 64.
    if (!account || account.data.length < 72) return { asset, amount: 0n, exists: false };
    return { asset, amount: Buffer.from(account.data).readBigUInt64LE(64), exists: true };
  });
}
