import { isFinalSwapStatus } from '@jelly/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { CONFIRM_TIMEOUT_MS, landTransaction } from '../../chain/transactions/index.ts';
import { settleAdminSpend, type FeePayerConfig } from '../../chain/gate/index.ts';
import type { SwapRow } from './swap-view.ts';
import { syncSwapFromChain } from './sync-swap-from-chain.ts';
import { logEvent } from '../../lib/log-events.ts';

export interface LandContext {
  db: Database;
  chain: Chain;
  now: () => Date;
  feePayer?: FeePayerConfig | undefined;
  ip?: string | null | undefined;
  log?: FastifyBaseLogger | undefined;
  /** How long submit waits for the chain before answering Processing (the sweep settles it later). */
  confirmTimeoutMs?: number;
  /** Told when the swap reached the chain (the desk's balances moved). */
  balancesChanged?: () => void;
}

/**
 * Lands the co-signed bytes through the kernel's one landing loop (`landTransaction`: same bytes re-sent until the
 * chain answers or the blockhash dies), then moves the record from what the chain shows and books what the admin
 * paid. A time-out with no answer leaves the swap Processing: the sweep settles it once the chain knows.
 */
export async function landSwap(ctx: LandContext, swap: SwapRow, raw: Uint8Array): Promise<SwapRow> {
  const signature = swap.txId as string;
  const landing = await landTransaction(ctx.chain, raw, {
    signature,
    recentBlockhash: swap.recentBlockhash,
    timeoutMs: ctx.confirmTimeoutMs ?? CONFIRM_TIMEOUT_MS,
  });
  if (landing.state === 'unknown') return swap;
  // refused, expired, failed or confirmed: the record follows the chain (a refusal with a live blockhash stays Processing)
  const after = await syncSwapFromChain(ctx.db, ctx.chain, swap, ctx.now());
  ctx.balancesChanged?.();
  if (isFinalSwapStatus(after.status)) {
    try {
      await settleAdminSpend(ctx, { signature, wallet: swap.wallet, ip: ctx.ip ?? null, kind: 'swap', orderId: null });
    } catch (error) {
      logEvent(ctx.log, 'fee_payer.record_failed', { err: error, tx: signature }, 'fee payer: could not record what the admin paid for a swap');
    }
  }
  return after;
}
