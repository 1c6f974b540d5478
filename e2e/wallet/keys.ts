import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';

/** An ed25519 keypair that lives only in the test process. */
export interface TestKeypair {
  /** Human name used in test titles and failure messages. */
  readonly label: string;
  /** base58 Solana address (the 32-byte public key). */
  readonly address: string;
  readonly publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
}

/**
 * Derives a keypair from a fixed label, so every run uses the same addresses
 * (the admin address is passed to the server as ADMIN_WALLETS).
 */
export function keypairFromLabel(label: string): TestKeypair {
  const seed = new Uint8Array(createHash('sha256').update(`jelly-e2e:${label}`).digest());
  const publicKey = ed25519.getPublicKey(seed);
  return {
    label,
    address: bs58.encode(publicKey),
    publicKey,
    sign: (message) => ed25519.sign(message, seed),
  };
}

/** The fixed accounts the suite uses. */
export const testKeys = {
  admin: keypairFromLabel('admin'),
  alice: keypairFromLabel('alice'),
  bob: keypairFromLabel('bob'),
} as const;

/** The app shows addresses as first 8 … last 6 characters. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 8)}…${address.slice(-6)}`;
}
