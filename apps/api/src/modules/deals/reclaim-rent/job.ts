import type { FastifyInstance } from 'fastify';
import type { Chain } from '../../../chain/chain.ts';
import { reclaimRent, type ReclaimReport } from './reclaim-rent.ts';
import { logEvent } from '../../../lib/log-events.ts';

function logReport(app: FastifyInstance, report: ReclaimReport): void {
  for (const closed of report.closed) {
    logEvent(app.log, 'rent.reclaimed', { rentReclaim: closed }, `rent reclaimed: ${closed.kind} of order ${closed.orderId}, ${closed.lamports} lamports`);
  }
  if (report.closed.length > 1) app.log.info({ rentReclaim: { lamports: report.lamportsReclaimed } }, 'rent reclaimed in this run');
  for (const failure of report.failed) logEvent(app.log, 'rent.reclaim_failed', { rentReclaim: failure }, 'rent reclaim failed; retried later');
}

/**
 * The rent-reclamation job's run (a job of the app's list, every RENT_RECLAIM_POLL_SECONDS when the app has a
 * chain): it closes the escrow accounts queued as their deals and offers ended and, once every `sweepMs`, also
 * sweeps for unqueued ones. Several replicas share the work row by row.
 */
export function rentReclaimRun(app: FastifyInstance, chain: Chain, sweepMs: number): () => Promise<void> {
  let lastSweep = 0;
  return async () => {
    const sweep = Date.now() - lastSweep >= sweepMs;
    if (sweep) lastSweep = Date.now();
    logReport(app, await reclaimRent({ db: app.db, chain, now: app.config.now }, { sweep }));
  };
}
