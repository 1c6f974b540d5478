import type { JellyCoin } from '@jelly/contracts';
import type { PublicKey } from '@solana/web3.js';
import type { ChargeTo } from '../../chain/gate/index.ts';

/**
 * What Coin Jelly needs from the desk: its live inventory per coin, a payout from it, and the treasury address
 * deposits are swept to. Only Solana coins have a desk; the others are paid by an admin.
 */
export interface JellyDesk {
  /** Base units of `coin` the desk holds now. */
  balance(coin: JellyCoin): Promise<bigint>;
  /**
   * Sends `amount` of `coin` from the desk to `to` through the platform gate, charged to `chargeTo`, with `reference`
   * as its memo (the order and purpose) and `ownerRef` (the order) kept with the recorded send; resolves once
   * confirmed, throws SendInFlight when the recorded send's fate is for the send recovery to learn.
   */
  pay(coin: JellyCoin, to: PublicKey, amount: bigint, chargeTo: ChargeTo, reference: string, ownerRef: string): Promise<{ signature: string; slot: number }>;
  /** Where swept deposits go. */
  readonly treasury: PublicKey;
}
