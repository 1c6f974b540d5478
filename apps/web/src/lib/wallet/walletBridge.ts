import type { WalletContextState } from '@solana/wallet-adapter-react';
import type { Connection } from '@solana/web3.js';
import { createContext, useContext } from 'react';

/**
 * The wallet as the app sees it. The wallet libraries (@solana/web3.js, the adapters, the mobile
 * wallet adapter: about 40% of the JavaScript) load after the first paint in their own chunk; until
 * then this context answers "no wallet yet". Use these hooks instead of the adapter's own.
 */
export interface WalletBridgeValue {
  /** The wallet libraries are loaded and the adapter is running. */
  ready: boolean;
  wallet: WalletContextState;
  connection: Connection | null;
}

const notReady = () => Promise.reject(new Error('The wallet is still loading, try again in a moment'));

export const notReadyWallet: WalletContextState = {
  autoConnect: true,
  wallets: [],
  wallet: null,
  publicKey: null,
  connecting: false,
  connected: false,
  disconnecting: false,
  select: () => undefined,
  connect: notReady,
  disconnect: () => Promise.resolve(),
  sendTransaction: notReady,
  signTransaction: undefined,
  signAllTransactions: undefined,
  signMessage: undefined,
  signIn: undefined,
};

export const initialWalletBridge: WalletBridgeValue = { ready: false, wallet: notReadyWallet, connection: null };

export const WalletBridgeContext = createContext<WalletBridgeValue>(initialWalletBridge);

/** Same shape as @solana/wallet-adapter-react's useWallet. */
export function useWallet(): WalletContextState {
  return useContext(WalletBridgeContext).wallet;
}

/** The Solana connection, null until the wallet libraries have loaded. */
export function useConnection(): Connection | null {
  return useContext(WalletBridgeContext).connection;
}

export function useWalletReady(): boolean {
  return useContext(WalletBridgeContext).ready;
}

/** True when nothing the app reads changed (the adapter rebuilds its context object on every render). */
export function sameWalletState(a: WalletContextState, b: WalletContextState): boolean {
  return (Object.keys(a) as (keyof WalletContextState)[]).every((key) => Object.is(a[key], b[key]));
}
