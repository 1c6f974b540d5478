import type { PublicConfig } from '@jelly/contracts';

/** Where a payout or deposit transaction can be read: Solana's explorer on our cluster, or the chain's usual one. */
export function explorerTxUrl(chain: string, txID: string, config: Pick<PublicConfig, 'cluster' | 'solanaRpcUrl'> | undefined): string {
  const id = encodeURIComponent(txID);
  if (chain === 'Bitcoin') return `https://mempool.space/tx/${id}`;
  if (chain === 'Ethereum') return `https://etherscan.io/tx/${id}`;
  const cluster = config?.cluster ?? 'mainnet-beta';
  if (cluster === 'mainnet-beta') return `https://explorer.solana.com/tx/${id}`;
  if (cluster === 'localnet' && config?.solanaRpcUrl) {
    return `https://explorer.solana.com/tx/${id}?cluster=custom&customUrl=${encodeURIComponent(config.solanaRpcUrl)}`;
  }
  return `https://explorer.solana.com/tx/${id}?cluster=${encodeURIComponent(cluster)}`;
}
