import type { Wallet, WalletContextState } from '@solana/wallet-adapter-react';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWalletWhenReady, WALLET_WAIT_MS, type LiveWallet } from './useWalletWhenReady.ts';
import { initialWalletBridge, notReadyWallet, WalletBridgeContext, type WalletBridgeValue } from './walletBridge.ts';

const remembered = { adapter: { name: 'Jelly Test Wallet' } } as unknown as Wallet;
const walletState = (patch: Partial<WalletContextState>): WalletContextState => ({ ...notReadyWallet, ...patch });

function setup(initial: WalletBridgeValue) {
  let value = initial;
  const wrapper = ({ children }: { children: ReactNode }) => <WalletBridgeContext.Provider value={value}>{children}</WalletBridgeContext.Provider>;
  const hook = renderHook(() => useWalletWhenReady(), { wrapper });
  const change = (next: WalletBridgeValue) => {
    value = next;
    act(() => hook.rerender());
  };
  return { waitForWallet: () => hook.result.current(), change };
}

/** Resolves the promise's state without waiting: 'pending' or the value. */
async function peek(promise: Promise<LiveWallet>): Promise<LiveWallet | 'pending'> {
  return Promise.race([promise, Promise.resolve('pending' as const)]);
}

describe('an action pressed while the wallet stack loads', () => {
  afterEach(() => vi.useRealTimers());

  it('starts the load and waits until the remembered wallet has auto-connected', async () => {
    const load = vi.fn();
    const { waitForWallet, change } = setup({ ...initialWalletBridge, load });
    const pending = waitForWallet();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await peek(pending)).toBe('pending');

    // Libraries loaded, the remembered wallet not connected yet: auto-connect is about to run.
    change({ ready: true, load, connection: null, wallet: walletState({ wallet: remembered }) });
    expect(await peek(pending)).toBe('pending');
    change({ ready: true, load, connection: null, wallet: walletState({ wallet: remembered, connecting: true }) });
    expect(await peek(pending)).toBe('pending');

    const connected = walletState({ wallet: remembered, connected: true });
    change({ ready: true, load, connection: null, wallet: connected });
    expect((await pending).wallet).toBe(connected);
  });

  it('answers at once when the libraries run and no wallet is selected (the action then asks to connect)', async () => {
    const { waitForWallet } = setup({ ready: true, connection: null, wallet: notReadyWallet });
    expect(await peek(waitForWallet())).toEqual({ wallet: notReadyWallet, connection: null });
  });

  it(`gives up after ${WALLET_WAIT_MS} ms with the wallet as it is`, async () => {
    vi.useFakeTimers();
    const { waitForWallet } = setup(initialWalletBridge);
    const pending = waitForWallet();
    await vi.advanceTimersByTimeAsync(WALLET_WAIT_MS - 1);
    expect(await peek(pending)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ wallet: notReadyWallet, connection: null });
  });
});
