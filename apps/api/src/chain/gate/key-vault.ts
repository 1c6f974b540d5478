import type { Keypair, PublicKey } from '@solana/web3.js';

/** What the vault keys a secret by: a platform key handle (chain/keys/platform-key.ts), seen only as an object here. */
interface KeyHandle {
  readonly publicKey: PublicKey;
}

// Keyed by the handle object, so a handle cannot be forged from an address: only platformKey() makes one.
const vault = new WeakMap<KeyHandle, Keypair>();

/** Stores the secret behind a platform key handle (called by platformKey() only). */
export function holdKeypair(key: KeyHandle, keypair: Keypair): void {
  vault.set(key, keypair);
}

/** The signer behind a platform key: for the gate's own use (and tests that act as the operator). */
export function keypairOf(key: KeyHandle): Keypair {
  const keypair = vault.get(key);
  if (!keypair) throw new Error(`not a platform key: ${key.publicKey.toBase58()}`);
  return keypair;
}
