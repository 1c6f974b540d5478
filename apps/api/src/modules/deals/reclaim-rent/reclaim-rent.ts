import type { FastifyBaseLogger } from 'fastify';
import type { Chain } from '../../../chain/chain.ts';
import type { FeePayerConfig } from '../../../chain/gate/index.ts';
import type { Database } from '../../../db/connect.ts';
import { finishPlatformSend } from '../../../chain/gate/index.ts';
import { failpoint } from '../../../lib/failpoint.ts';
import { reclaimAccount } from './close-accounts.ts';
import { recordCloseSpend } from './record-close-spend.ts';
import { claimDueReclaims, markDone, markWaiting, scheduleRetry, sweepUnqueued } from './queue.ts';

/** Rows worked per run (each is at most one transaction on chain); the rest wait for the next run. */
const BATCH = 20;

export interface ReclaimContext {
  db: Database;
  chain: Chain;
  now: () => Date;
  confirmTimeoutMs?: number;
  feePayer?: FeePayerConfig | undefined;
  log?: FastifyBaseLogger | undefined;
}

export interface ReclaimReport {
  /** Accounts closed, with the lamports that came back to the admin. */
  closed: { kind: string; orderId: number; lamports: string; signature: string; accounts: string[] }[];
  /** Rows with nothing (left) to close. */
  nothing: { kind: string; orderId: number; reason: string }[];
  /** Rows not closable yet (retried later, or re-armed when their deal or offer ends). */
  waiting: { kind: string; orderId: number; reason: string }[];
  failed: { kind: string; orderId: number; error: string; retryAt: string }[];
  /** Rows the sweep queued that no use-case had. */
  swept: number;
  /** Sum of `closed[].lamports`. */
  lamportsReclaimed: string;
}

/**
 * One run of the rent-reclamation job: optionally sweep for unqueued work, then claim due rows (one replica per row)
 * and close their accounts, rent back to the admin. Idempotent: an account already closed counts as done, and the
 * program refuses to close anything still holding a deal's tokens.
 */
export async function reclaimRent(ctx: ReclaimContext, options: { sweep?: boolean } = {}): Promise<ReclaimReport> {
  const report: ReclaimReport = { closed: [], nothing: [], waiting: [], failed: [], swept: 0, lamportsReclaimed: '0' };
  if (options.sweep) report.swept = await sweepUnqueued(ctx.db, ctx.now());
  let total = 0n;
  for (;;) {
    const rows = await claimDueReclaims(ctx.db, ctx.now(), BATCH);
    for (const row of rows) {
      const item = { kind: row.kind, orderId: row.orderId };
      try {
        const outcome = await reclaimAccount(ctx, row);
        if (outcome.kind === 'closed') {
          failpoint(`close_${row.kind}`, 'before-record');
          await finishPlatformSend(ctx.db, outcome.signature, 'landed', ctx.now(), (tx) =>
            markDone(tx, row.id, ctx.now(), { lamports: outcome.lamports, signature: outcome.signature }),
          );
          // The close already happened: failing to account for it must not send the row back to be retried.
          await recordCloseSpend(ctx, row, outcome.signature).catch(() => undefined);
          total += outcome.lamports;
          report.closed.push({ ...item, lamports: outcome.lamports.toString(), signature: outcome.signature, accounts: outcome.accounts });
        } else if (outcome.kind === 'nothing') {
          await markDone(ctx.db, row.id, ctx.now(), { lamports: 0n, signature: null });
          report.nothing.push({ ...item, reason: outcome.reason });
        } else {
          if (outcome.retry) await scheduleRetry(ctx.db, row, ctx.now(), outcome.reason);
          else await markWaiting(ctx.db, row.id, ctx.now(), outcome.reason);
          report.waiting.push({ ...item, reason: outcome.reason });
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const at = await scheduleRetry(ctx.db, row, ctx.now(), message);
        report.failed.push({ ...item, error: message, retryAt: at.toISOString() });
      }
    }
    if (rows.length < BATCH) break;
  }
  report.lamportsReclaimed = total.toString();
  return report;
}
