import type { JellyChain } from '@jelly/contracts';
import bs58 from 'bs58';

/** What a transaction id looks like on each chain, as a sentence for the admin when it does not. */
export const TXID_FORMAT: Record<JellyChain, string> = {
  Solana: 'A Solana transaction id is a base58 signature (64 bytes, 87–88 characters)',
  Bitcoin: 'A Bitcoin transaction id is 64 hexadecimal characters',
  Ethereum: 'An Ethereum transaction hash is 0x followed by 64 hexadecimal characters',
};

/** null when `txId` has the chain's transaction-id format, else the sentence saying what it should be. */
export function txIdProblem(chain: JellyChain, txId: string): string | null {
  if (chain === 'Bitcoin') return /^[0-9a-fA-F]{64}$/.test(txId) ? null : TXID_FORMAT.Bitcoin;
  if (chain === 'Ethereum') return /^0x[0-9a-fA-F]{64}$/.test(txId) ? null : TXID_FORMAT.Ethereum;
  try {
    return /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(txId) && bs58.decode(txId).length === 64 ? null : TXID_FORMAT.Solana;
  } catch {
    return TXID_FORMAT.Solana;
  }
}

/**
 * The one spelling a transaction id is recorded in: Bitcoin txids and Ethereum hashes are hexadecimal, so their case
 * carries no meaning and they are lower-cased (the same transaction typed twice in two cases is one transaction);
 * Solana signatures are base58, where case matters.
 */
export function canonicalTxId(chain: JellyChain, txId: string): string {
  return chain === 'Solana' ? txId : txId.toLowerCase();
}
