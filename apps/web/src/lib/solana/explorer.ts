/**
 * A transaction's page on the Solana explorer. The embedded localnet (and any other node the explorer does not know)
 * is reached as a custom cluster at the RPC URL the app itself uses.
 */
export function explorerTxUrl(signature: string, cluster: string, rpcUrl: string | null): string {
  const base = `https://explorer.solana.com/tx/${encodeURIComponent(signature)}`;
  if (cluster === 'mainnet-beta') return base;
  if (cluster === 'devnet' || cluster === 'testnet') return `${base}?cluster=${cluster}`;
  const custom = new URLSearchParams({ cluster: 'custom' });
  if (rpcUrl) custom.set('customUrl', rpcUrl);
  return `${base}?${custom.toString()}`;
}
