/**
 * What a Solana transaction did to an address: the deposit amount is the owner's post − pre balance (lamports for
 * SOL; for a token, the sum over token accounts the owner held both before and after). A token account whose owner
 * changed to the deposit address in the transaction (SetAuthority) did not receive anything: it is not counted.
 */
import type { Connection, VersionedTransactionResponse } from '@solana/web3.js';

type TxMeta = NonNullable<VersionedTransactionResponse['meta']>;

export interface AddressDelta {
  signature: string;
  slot: number;
  blockTime: number | null;
  /** Base units received (negative when it left). */
  delta: bigint;
  failed: boolean;
}

function accountKeysOf(tx: VersionedTransactionResponse): string[] {
  const keys = tx.transaction.message.getAccountKeys({ accountKeysFromLookups: tx.meta?.loadedAddresses ?? null });
  return keys.keySegments().flat().map((k) => k.toBase58());
}

/** Lamports `address` gained in the transaction. */
export function lamportDelta(tx: VersionedTransactionResponse, address: string): bigint {
  const index = accountKeysOf(tx).indexOf(address);
  const meta = tx.meta;
  if (index < 0 || !meta) return 0n;
  return BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0);
}

/** Base units of `mint` that token accounts owned by `owner` gained in the transaction. */
export function tokenDelta(meta: TxMeta, owner: string, mint: string): bigint {
  const pre = new Map((meta.preTokenBalances ?? []).filter((b) => b.mint === mint).map((b) => [b.accountIndex, b]));
  let delta = 0n;
  for (const post of meta.postTokenBalances ?? []) {
    if (post.mint !== mint || post.owner !== owner) continue;
    const before = pre.get(post.accountIndex);
    // Owned by someone else before this transaction: an ownership transfer, not a deposit.
    if (before && before.owner !== owner) continue;
    delta += BigInt(post.uiTokenAmount.amount) - BigInt(before?.uiTokenAmount.amount ?? '0');
  }
  for (const before of pre.values()) {
    const after = (meta.postTokenBalances ?? []).find((b) => b.accountIndex === before.accountIndex);
    if (before.owner === owner && after && after.owner !== owner) delta -= BigInt(before.uiTokenAmount.amount);
  }
  return delta;
}

/** The transaction's effect on `owner` for the coin (mint null = SOL), or null when the node does not have it. */
export async function addressDelta(connection: Connection, signature: string, owner: string, mint: string | null): Promise<AddressDelta | null> {
  const tx = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  if (!tx?.meta) return null;
  const delta = mint ? tokenDelta(tx.meta, owner, mint) : lamportDelta(tx, owner);
  return { signature, slot: tx.slot, blockTime: tx.blockTime ?? null, delta, failed: tx.meta.err !== null };
}

