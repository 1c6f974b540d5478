import { KNOWN_MINTS, type Coin } from '@jelly/contracts';

export interface SwapBalances {
  /** Base units of the paid token; null while unknown. */
  input: bigint | null;
  output: bigint | null;
  /** The user has no account for the received token yet (the swap opens it, the user paying its rent). */
  outputAccountMissing: boolean;
}

export type BalanceCoin = Pick<Coin, 'mint'>;

export const isSol = (coin: BalanceCoin) => coin.mint === KNOWN_MINTS.SOL;
