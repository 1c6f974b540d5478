import { ed25519 } from '@noble/curves/ed25519.js';

/** True when `signature` is the wallet's ed25519 signature of the UTF-8 `message` (strict RFC 8032). */
export function isValidWalletSignature(publicKey: Uint8Array, message: string, signature: Uint8Array): boolean {
  try {
    return ed25519.verify(signature, new TextEncoder().encode(message), publicKey, { zip215: false });
  } catch {
    // Malformed points or lengths are just invalid signatures.
    return false;
  }
}
