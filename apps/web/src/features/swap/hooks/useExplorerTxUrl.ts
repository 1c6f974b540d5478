import { useCallback } from 'react';
import { usePlatformConfigQuery } from '../../../lib/reference/platformApi.ts';
import { explorerTxUrl } from '../../../lib/solana/explorer.ts';

/** Links a transaction on the explorer of the cluster the server runs on. */
export function useExplorerTxUrl(): (txID: string) => string {
  const { data: config } = usePlatformConfigQuery();
  const cluster = config?.cluster ?? 'localnet';
  const rpcUrl = config?.solanaRpcUrl ?? null;
  return useCallback((txID: string) => explorerTxUrl(txID, cluster, rpcUrl), [cluster, rpcUrl]);
}
