import type { WalletContextState } from '@solana/wallet-adapter-react';
import type { PublicKey } from '@solana/web3.js';
import { vi } from 'vitest';
import { notReadyWallet } from '../lib/wallet/walletBridge.ts';

/** A connected wallet as the adapter would expose it; signatures are 64 fixed bytes (the fake API does not verify). */
export function connectedWallet(address: string | null, overrides: Partial<WalletContextState> = {}): WalletContextState {
  const publicKey = address ? ({ toBase58: () => address, toString: () => address } as unknown as PublicKey) : null;
  return {
    ...notReadyWallet,
    publicKey,
    connected: address !== null,
    signMessage: vi.fn(async () => new Uint8Array(64).fill(7)),
    disconnect: vi.fn(async () => undefined),
    ...overrides,
  };
}
