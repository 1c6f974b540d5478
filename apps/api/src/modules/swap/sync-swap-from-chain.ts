import { SWAP_AWAITING_CHAIN } from '@jelly/domain';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { isBlockhashStillValid, signatureOutcome } from '../../chain/transactions/index.ts';
import { findSwap } from './queries.ts';
import type { SwapRow } from './swap-view.ts';
import { moveSwap } from './swap-writes.ts';

export const SWAP_NEVER_LANDED = 'The transaction expired before it reached the chain.';

/**
 * Moves a Processing swap to what the chain shows for its transaction (the swap state table's chain moves): landed,
 * failed on chain (with the chain's reason), or never landed (unknown to the chain with its blockhash dead).
 * Otherwise it stays Processing. One conditional UPDATE per move. Returns the row as it is afterwards.
 */
export async function syncSwapFromChain(db: Database, chain: Chain, swap: SwapRow, now: Date): Promise<SwapRow> {
  if (!SWAP_AWAITING_CHAIN.includes(swap.status) || !swap.txId) return swap;
  const outcome = await signatureOutcome(chain, swap.txId);
  let moved: SwapRow | undefined;
  if (outcome.state === 'confirmed') {
    moved = await moveSwap(db, swap.id, 'landed', { clearRaw: true }, now);
  } else if (outcome.state === 'failed') {
    moved = await moveSwap(db, swap.id, 'failed_on_chain', { failureReason: outcome.error.message, clearRaw: true }, now);
  } else if (!(await isBlockhashStillValid(chain, swap.recentBlockhash))) {
    // Asked once more after the blockhash died: a transaction that landed at the last moment shows up now.
    const last = await signatureOutcome(chain, swap.txId);
    if (last.state === 'confirmed') return syncSwapFromChain(db, chain, swap, now);
    moved = await moveSwap(db, swap.id, 'never_landed', { failureReason: SWAP_NEVER_LANDED, clearRaw: true }, now);
  }
  return moved ?? (await findSwap(db, swap.id)) ?? swap;
}
