import type { Keypair, PublicKey } from '@solana/web3.js';
import { holdKeypair } from '../gate/key-vault.ts';

/** admin: fee payer and escrow co-signer; desk: the swap and Coin Jelly treasury; deposit: a Coin Jelly deposit address. */
export type PlatformKeyRole = 'admin' | 'desk' | 'deposit';

/**
 * A key of the platform's as the rest of the server sees it: its address and role, never its secret. The secret
 * stays in the gate's vault, so the only way to sign with a platform key is the gate (chain/gate), which first
 * checks what the transaction costs the platform. Lint refuses any other import of the vault.
 */
export interface PlatformKey {
  readonly publicKey: PublicKey;
  readonly role: PlatformKeyRole;
}

/** Wraps a loaded or derived keypair as a platform key; the keypair itself goes into the gate's vault. */
export function platformKey(keypair: Keypair, role: PlatformKeyRole): PlatformKey {
  const key: PlatformKey = Object.freeze({ publicKey: keypair.publicKey, role });
  holdKeypair(key, keypair);
  return key;
}
