import type { WalletError } from '@solana/wallet-adapter-base';
import { Component, lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { importWithRetry } from '../lazy/importWithRetry.ts';
import { onFirstInput } from './onFirstInput.ts';
import { initialWalletBridge, WalletBridgeContext, type WalletBridgeValue } from './walletBridge.ts';

const WalletRuntime = lazy(() => importWithRetry(() => import('./WalletRuntime.tsx')));

export interface WalletBridgeProviderProps {
  endpoint: string;
  wsEndpoint: string | null;
  /**
   * A returning user (signed in, or a wallet remembered for auto-connect): load the wallet on their first touch, click
   * or key press, ahead of the action it may start (an action waits for it: useWalletWhenReady).
   */
  loadOnFirstInput: boolean;
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

/**
 * Renders the app at once; the wallet stack starts only when asked (`load` in the context) or, for a returning
 * user, on their first input. The context switches to the running stack when it has loaded.
 */
export function WalletBridgeProvider({ endpoint, wsEndpoint, loadOnFirstInput, onError, onLoadFailed, children }: WalletBridgeProviderProps) {
  const [wanted, setWanted] = useState(false);
  const [runtime, setRuntime] = useState<WalletBridgeValue>(initialWalletBridge);
  const load = useCallback(() => setWanted(true), []);
  const value = useMemo(() => ({ ...runtime, load }), [runtime, load]);
  // Every screen reads the wallet: its news re-renders them as a transition, in slices the browser can run between.
  const publish = useCallback((update: (previous: WalletBridgeValue) => WalletBridgeValue) => startTransition(() => setRuntime(update)), []);

  useEffect(() => (loadOnFirstInput && !wanted ? onFirstInput(load) : undefined), [loadOnFirstInput, wanted, load]);

  return (
    <WalletBridgeContext.Provider value={value}>
      {children}
      {wanted && (
        <LoadBoundary onError={onLoadFailed}>
          <Suspense fallback={null}>
            <WalletRuntime endpoint={endpoint} wsEndpoint={wsEndpoint} onError={onError} onChange={publish} />
          </Suspense>
        </LoadBoundary>
      )}
    </WalletBridgeContext.Provider>
  );
}
