import { PublicKey } from '@solana/web3.js';
import { useCallback, useEffect, useState } from 'react';
import { tokenBalance } from '../../../lib/solana/walletChecks.ts';
import { useConnection, useWallet } from '../../../lib/wallet/walletBridge.ts';

export type BalanceState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; baseUnits: bigint }
  | { status: 'error'; message: string };

/** The connected wallet's balance of a token (its associated token account, base units), with a refresh. */
export function useTokenBalance(mint: string | null): { balance: BalanceState; refresh: () => void } {
  const connection = useConnection();
  const { publicKey } = useWallet();
  const owner = publicKey?.toBase58() ?? null;
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<{ key: string; balance: BalanceState } | null>(null);
  const key = connection && owner && mint ? `${owner}:${mint}:${version}` : null;

  useEffect(() => {
    if (!connection || !owner || !mint || !key) return;
    let live = true;
    Promise.resolve()
      .then(() => tokenBalance(connection, new PublicKey(owner), new PublicKey(mint)))
      .then(
        (baseUnits) => live && setResult({ key, balance: { status: 'ready', baseUnits } }),
        (error: unknown) => live && setResult({ key, balance: { status: 'error', message: error instanceof Error ? error.message : String(error) } }),
      );
    return () => {
      live = false;
    };
  }, [connection, owner, mint, key]);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  if (!key) return { balance: { status: 'idle' }, refresh };
  return { balance: result && result.key === key ? result.balance : { status: 'loading' }, refresh };
}
