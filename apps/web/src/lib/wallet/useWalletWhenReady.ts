import type { WalletContextState } from '@solana/wallet-adapter-react';
import type { Connection } from '@solana/web3.js';
import { useCallback, useContext, useEffect, useRef } from 'react';
import { WalletBridgeContext, type WalletBridgeValue } from './walletBridge.ts';

/** How long an action waits for the wallet libraries (and a remembered wallet's auto-connect) before giving up. */
export const WALLET_WAIT_MS = 15_000;

export interface LiveWallet {
  wallet: WalletContextState;
  connection: Connection | null;
}

/**
 * Settled: the libraries run and the wallet is connected, or no wallet is selected to connect, or it stopped trying.
 * A remembered wallet that is neither connected nor connecting yet is about to auto-connect: not settled.
 */
function settled(value: WalletBridgeValue): boolean {
  if (!value.ready) return false;
  const { connected, connecting, wallet } = value.wallet;
  return connected || (!connecting && wallet === null);
}

/**
 * An action pressed while the wallet stack is still loading (it loads on demand, and a returning user's page may
 * be pressed before it arrives) waits for it instead of failing: the returned function starts the load and resolves
 * with the wallet as it is once settled, or as it is after WALLET_WAIT_MS (the action then reports what is missing).
 */
export function useWalletWhenReady(): () => Promise<LiveWallet> {
  const value = useContext(WalletBridgeContext);
  const latest = useRef(value);
  const waiters = useRef(new Set<() => void>());

  useEffect(() => {
    latest.current = value;
    if (!settled(value)) return;
    for (const wake of waiters.current) wake();
    waiters.current.clear();
  }, [value]);

  return useCallback(() => {
    latest.current.load?.();
    const live = () => ({ wallet: latest.current.wallet, connection: latest.current.connection });
    if (settled(latest.current)) return Promise.resolve(live());
    return new Promise<LiveWallet>((resolve) => {
      const wake = () => {
        window.clearTimeout(timer);
        waiters.current.delete(wake);
        resolve(live());
      };
      const timer = window.setTimeout(wake, WALLET_WAIT_MS);
      waiters.current.add(wake);
    });
  }, []);
}
