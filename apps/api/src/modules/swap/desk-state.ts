import type { Chain } from '../../chain/chain.ts';
import { AppError } from '../../errors.ts';
import type { DeskAsset } from './desk-assets.ts';
import { readBalances, type AssetBalance } from './desk-inventory.ts';
import type { PublicKey } from '@solana/web3.js';

/** How long the desk's balances and the latest blockhash are reused between quotes. */
export const DESK_STATE_TTL_MS = 1_000;

/** One value shared by every quote for `ttlMs`, one read in flight at a time; `invalidate` forces the next read. */
function shared<T>(read: () => Promise<T>, ttlMs: number, now: () => number): { get(): Promise<T>; invalidate(): void } {
  let value: { data: T; at: number } | null = null;
  let inFlight: Promise<T> | null = null;
  let generation = 0;
  return {
    async get() {
      if (value && now() - value.at < ttlMs) return value.data;
      const started = generation;
      inFlight ??= read()
        .then((data) => {
          if (started === generation) value = { data, at: now() };
          return data;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
    invalidate() {
      generation += 1;
      value = null;
    },
  };
}

/**
 * What every quote needs from the chain, read at most once a second for all quotes together: a quote must not wait
 * for the RPC node. A blockhash up to a second old dies on chain a second sooner, far after a quote expires (≤ 50 s
 * against ~60 s of validity); a desk balance up to a second old can only overstate the inventory by the swaps of that
 * second, and a swap the desk cannot pay fails in simulation before anything is sent. Completed swaps invalidate it.
 */
export interface DeskState {
  balances(): Promise<AssetBalance[]>;
  latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: number }>;
  /** A swap reached the chain: the desk's balances moved and a block passed; read both again next time. */
  balancesChanged(): void;
}

export function createDeskState(chain: Chain, desk: PublicKey, assets: readonly DeskAsset[], now: () => Date, ttlMs = DESK_STATE_TTL_MS): DeskState {
  const clock = () => now().getTime();
  const balances = shared(() => readBalances(chain, desk, assets), ttlMs, clock);
  const blockhash = shared(async () => {
    try {
      return await chain.connection.getLatestBlockhash('confirmed');
    } catch {
      throw new AppError('CHAIN_UNAVAILABLE', 'The Solana node did not answer. Please try again.');
    }
  }, ttlMs, clock);
  return {
    balances: () => balances.get(),
    latestBlockhash: () => blockhash.get(),
    balancesChanged: () => {
      balances.invalidate();
      blockhash.invalidate();
    },
  };
}
