import { isFinalSwapStatus } from '@jelly/domain';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { isBlockhashStillValid, sendRaw } from '../../chain/transactions/index.ts';
import { settleAdminSpend } from '../fee-payer/index.ts';
import { findStaleProcessingSwaps } from './queries.ts';
import { syncSwapFromChain } from './sync-swap-from-chain.ts';

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
      ctx.log?.warn({ err: error, swapId: swap.id }, 'swap sweep: could not settle a processing swap');
    }
  }
  return settled;
}

/** Runs the sweep every `sweepMs` (absent swap config or 0 = never: tests call it themselves); stops with the app. */
export const processingSwapSweep = fp(
  async (app) => {
    const sweepMs = app.config.swap?.processingSweepMs ?? 0;
    const chain = app.chain;
    if (!chain || !app.desk || sweepMs <= 0) return;
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = settleProcessingSwaps({ db: app.db, chain, now: app.config.now, log: app.log })
        .catch((error: unknown) => app.log.error({ err: error }, 'swap sweep failed'))
        .finally(() => {
          running = null;
        });
    }, sweepMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'swap-processing-sweep' },
);
