import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';

/** A real ed25519 keypair standing in for a Solana wallet. */
export interface TestWallet {
  address: string;
  publicKey: Uint8Array;
  /** base58 signature of the UTF-8 message, as a wallet's signMessage returns it. */
  sign: (message: string) => string;
}

export function createWallet(): TestWallet {
  const secretKey = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secretKey);
  return {
    address: bs58.encode(publicKey),
    publicKey,
    sign: (message) => bs58.encode(ed25519.sign(new TextEncoder().encode(message), secretKey)),
  };
}
