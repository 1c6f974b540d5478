import type { WalletReadyState } from '@solana/wallet-adapter-base';
import type { WalletContextState } from '@solana/wallet-adapter-react';
import type { Connection } from '@solana/web3.js';
import { createContext, useContext, useEffect } from 'react';

/**
 * The wallet as the app sees it. The wallet libraries (@solana/web3.js, the adapters, the mobile
 * wallet adapter: most of the JavaScript) load in their own chunks only when something asks for them:
 * Connect Wallet, a screen that reads the chain (useConnection), or, for a returning user, the page
 * going idle. Until then this context answers "no wallet yet". Use these hooks instead of the adapter's own.
 */
export interface WalletBridgeValue {
  /** The wallet libraries are loaded and the adapter is running. */
  ready: boolean;
  wallet: WalletContextState;
  connection: Connection | null;
  /** Starts loading the wallet libraries (once; later calls do nothing). Absent where a test provides the wallet. */
  load?: () => void;
}

/**
 * The adapter's WalletReadyState values, typed as its enum. The enum is a runtime object of the adapter library,
 * so importing it would pull that library into every page.
 */
export const WalletReady = {
  Installed: 'Installed' as WalletReadyState.Installed,
  NotDetected: 'NotDetected' as WalletReadyState.NotDetected,
  Loadable: 'Loadable' as WalletReadyState.Loadable,
  Unsupported: 'Unsupported' as WalletReadyState.Unsupported,
} as const;

/** Where @solana/wallet-adapter-react remembers the selected wallet for auto-connect (its default key). */
export const ADAPTER_WALLET_STORAGE_KEY = 'walletName';

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

/**
 * The Solana connection, null until the wallet libraries have loaded. A screen that reads the chain needs them,
 * so using this hook starts loading them, unless `wanted` is false (a screen that reads the chain only for a
 * signed-in wallet: a visitor's phone is spared the wallet code).
 */
export function useConnection(wanted = true): Connection | null {
  const { connection, load } = useContext(WalletBridgeContext);
  useEffect(() => (wanted ? load?.() : undefined), [load, wanted]);
  return connection;
}

/** Starts loading the wallet libraries (Connect Wallet, the wallet chooser). */
export function useLoadWallet(): () => void {
  return useContext(WalletBridgeContext).load ?? noLoad;
}

const noLoad = () => undefined;

export function useWalletReady(): boolean {
  return useContext(WalletBridgeContext).ready;
}

/** True when nothing the app reads changed (the adapter rebuilds its context object on every render). */
export function sameWalletState(a: WalletContextState, b: WalletContextState): boolean {
  return (Object.keys(a) as (keyof WalletContextState)[]).every((key) => Object.is(a[key], b[key]));
}
