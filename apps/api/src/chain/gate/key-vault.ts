import type { Keypair } from '@solana/web3.js';
import type { PlatformKey } from '../keys/platform-key.ts';

// Keyed by the handle object, so a handle cannot be forged from an address: only platformKey() makes one.
const vault = new WeakMap<PlatformKey, Keypair>();

/** Stores the secret behind a platform key handle (called by platformKey() only). */
export function holdKeypair(key: PlatformKey, keypair: Keypair): void {
  vault.set(key, keypair);
}

/** The signer behind a platform key: for the gate's own use (and tests that act as the operator). */
export function keypairOf(key: PlatformKey): Keypair {
  const keypair = vault.get(key);
  if (!keypair) throw new Error(`not a platform key: ${key.publicKey.toBase58()}`);
  return keypair;
}
