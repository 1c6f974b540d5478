/**
 * The Solana explorer page of a transaction on the cluster the API uses: mainnet and devnet by name, any other
 * RPC (the localnet) as a custom cluster so the link still opens the right ledger.
 */
export function explorerTxUrl(signature: string, rpcUrl: string | null | undefined): string {
  const base = `https://explorer.solana.com/tx/${encodeURIComponent(signature)}`;
  if (!rpcUrl || rpcUrl.includes('mainnet')) return base;
  if (rpcUrl.includes('devnet')) return `${base}?cluster=devnet`;
  if (rpcUrl.includes('testnet')) return `${base}?cluster=testnet`;
  return `${base}?cluster=custom&customUrl=${encodeURIComponent(rpcUrl)}`;
}

/** How long a dispute has waited, as the queue's SLA clock reads it: '2d 03:04:05' or '03:04:05'. */
export function slaClock(openedAt: string, now: Date): string {
  const total = Math.max(0, Math.floor((now.getTime() - new Date(openedAt).getTime()) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(total / 86_400);
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
