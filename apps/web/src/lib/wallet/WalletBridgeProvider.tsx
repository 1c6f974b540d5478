import type { WalletError } from '@solana/wallet-adapter-base';
import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { importWithRetry } from '../lazy/importWithRetry.ts';
import { initialWalletBridge, WalletBridgeContext, type WalletBridgeValue } from './walletBridge.ts';

const WalletRuntime = lazy(() => importWithRetry(() => import('./WalletRuntime.tsx')));

export interface WalletBridgeProviderProps {
  endpoint: string;
  wsEndpoint: string | null;
  onError: (error: WalletError) => void;
  /** The wallet libraries could not be loaded (after retries): the app keeps working without a wallet. */
  onLoadFailed: (error: unknown) => void;
  children: ReactNode;
}

class LoadBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Renders the app at once and starts the wallet stack beside it; the context switches to it when loaded. */
export function WalletBridgeProvider({ endpoint, wsEndpoint, onError, onLoadFailed, children }: WalletBridgeProviderProps) {
  const [value, setValue] = useState<WalletBridgeValue>(initialWalletBridge);
  return (
    <WalletBridgeContext.Provider value={value}>
      {children}
      <LoadBoundary onError={onLoadFailed}>
        <Suspense fallback={null}>
          <WalletRuntime endpoint={endpoint} wsEndpoint={wsEndpoint} onError={onError} onChange={setValue} />
        </Suspense>
      </LoadBoundary>
    </WalletBridgeContext.Provider>
  );
}
