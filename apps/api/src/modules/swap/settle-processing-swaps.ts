import { isFinalSwapStatus } from '@jelly/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { isBlockhashStillValid, sendRaw } from '../../chain/transactions/index.ts';
import { settleAdminSpend } from '../../chain/gate/index.ts';
import { findStaleProcessingSwaps } from './queries.ts';
import { syncSwapFromChain } from './sync-swap-from-chain.ts';
import { logEvent } from '../../lib/log-events.ts';

/** A Processing swap untouched this long has lost its request (a crash, a time-out): the sweep takes it over. */
export const STALE_PROCESSING_MS = 90_000;

/**
 * Settles Processing swaps whose request is gone: re-sends their bytes while the blockhash lives, then moves each
 * to what the chain shows (and books what the admin paid once it is final). Returns how many left Processing.
 */
export async function settleProcessingSwaps(
  ctx: { db: Database; chain: Chain; now: () => Date; log?: FastifyBaseLogger },
  limit = 25,
): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - STALE_PROCESSING_MS);
  let settled = 0;
  for (const swap of await findStaleProcessingSwaps(ctx.db, cutoff, limit)) {
    try {
      if (swap.rawTransaction && (await isBlockhashStillValid(ctx.chain, swap.recentBlockhash).catch(() => false))) {
        await sendRaw(ctx.chain, Buffer.from(swap.rawTransaction, 'base64')).catch(() => undefined);
      }
      const after = await syncSwapFromChain(ctx.db, ctx.chain, swap, ctx.now());
      if (!isFinalSwapStatus(after.status)) continue;
      settled += 1;
      if (swap.txId) await settleAdminSpend(ctx, { signature: swap.txId, wallet: swap.wallet, ip: null, kind: 'swap', orderId: null });
    } catch (error) {
      logEvent(ctx.log, 'swap.settle_failed', { err: error, swapId: swap.id }, 'swap sweep: could not settle a processing swap');
    }
  }
  return settled;
}

/**
 * One run of the processing-swap sweep (a job of the app's list, every SWAP_PROCESSING_SWEEP_SECONDS when the app
 * has a chain and a desk; tests call settleProcessingSwaps themselves).
 */
export function processingSwapSweepRun(app: FastifyInstance, chain: Chain): () => Promise<void> {
  return async () => {
    await settleProcessingSwaps({ db: app.db, chain, now: app.config.now, log: app.log });
  };
}
