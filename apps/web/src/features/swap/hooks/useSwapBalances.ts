import type { Coin } from '@jelly/contracts';
import type { PublicKey } from '@solana/web3.js';
import { useEffect, useState } from 'react';
import { importWithRetry } from '../../../lib/lazy/importWithRetry.ts';
import type { BalanceReader } from '../../../lib/solana/walletChecks.ts';
import type { SwapBalances } from '../model/swapBalances.ts';

const UNKNOWN: SwapBalances = { input: null, output: null, outputAccountMissing: false };

// The reads bring @solana/web3.js, which arrives with the wallet anyway: /swap's first paint and first quote do not
// wait for it (a connection exists only once the wallet libraries run).
const loadReader = () => importWithRetry(() => import('../chain/readBalances.ts')).then((m) => m.readSwapBalances);

/**
 * Both tokens' balances of the connected wallet, read from the chain; read again whenever `refreshKey` changes
 * (after a swap lands).
 */
export function useSwapBalances(
  connection: BalanceReader | null,
  owner: PublicKey | null,
  input: Coin | undefined,
  output: Coin | undefined,
  refreshKey: unknown,
): SwapBalances {
  // Balances are kept with what they were read for: a change of wallet, token or refresh shows '—' until read again.
  const [read, setRead] = useState<{ key: string; balances: SwapBalances } | null>(null);
  const ownerKey = owner?.toBase58() ?? null;
  const key = `${ownerKey}|${input?.mint}|${output?.mint}|${String(refreshKey)}`;

  useEffect(() => {
    if (!connection || !owner || !input || !output) return;
    let live = true;
    void (async () => {
      try {
        const readSwapBalances = await loadReader();
        const balances = await readSwapBalances(connection, owner, input, output);
        if (live) setRead({ key, balances });
      } catch {
        // Unknown balances show as '—'; the server still refuses a swap the wallet cannot pay.
      }
    })();
    return () => {
      live = false;
    };
    // The key names everything read (the adapter hands out a new PublicKey object on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection, key]);

  return read?.key === key ? read.balances : UNKNOWN;
}
