import { isFinalSwapStatus } from '@jelly/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { AppError } from '../../errors.ts';
import { isBlockhashStillValid, sendRaw, signatureOutcome } from '../../chain/transactions/index.ts';
import { settleAdminSpend, type FeePayerConfig } from '../fee-payer/index.ts';
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

const POLL_MS = 100;
const REBROADCAST_MS = 2_000;
const BLOCKHASH_CHECK_MS = 1_000;
const DEFAULT_CONFIRM_TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the co-signed bytes and re-broadcasts the same bytes every 2 s (a dropped packet must not lose the swap) until
 * the chain shows the transaction or its blockhash dies; then moves the record from what the chain shows and books
 * what the admin paid. Answers the record as it is then (still Processing only after a time-out).
 */
export async function landSwap(ctx: LandContext, swap: SwapRow, raw: Uint8Array): Promise<SwapRow> {
  const signature = swap.txId as string;
  const deadline = Date.now() + (ctx.confirmTimeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS);
  let lastSend = 0;
  let lastBlockhashCheck = Date.now();
  for (;;) {
    if (Date.now() - lastSend >= REBROADCAST_MS) {
      lastSend = Date.now();
      await sendRaw(ctx.chain, raw).catch((error: unknown) => {
        // a refused send is judged by the chain below (a dead blockhash ends the loop); an RPC outage is retried
        if (!(error instanceof AppError)) throw error;
      });
    }
    const outcome = await signatureOutcome(ctx.chain, signature).catch(() => ({ state: 'unknown' as const }));
    if (outcome.state !== 'unknown') break;
    if (Date.now() - lastBlockhashCheck >= BLOCKHASH_CHECK_MS) {
      lastBlockhashCheck = Date.now();
      if (!(await isBlockhashStillValid(ctx.chain, swap.recentBlockhash).catch(() => true))) break;
    }
    if (Date.now() >= deadline) return swap;
    await sleep(POLL_MS);
  }
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
