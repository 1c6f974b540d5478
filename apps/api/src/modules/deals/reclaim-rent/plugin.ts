import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reclaimRent, type ReclaimReport } from './reclaim-rent.ts';

export interface RentReclaimOptions {
  /** How often due work is picked up, in ms (0 = never). Deals and offers queue their accounts when they end. */
  pollMs: number;
  /** How often the sweep looks for finished deals and offers nobody queued, in ms. */
  sweepMs: number;
}

function logReport(app: FastifyInstance, report: ReclaimReport): void {
  for (const closed of report.closed) {
    app.log.info({ rentReclaim: closed }, `rent reclaimed: ${closed.kind} of order ${closed.orderId}, ${closed.lamports} lamports`);
  }
  if (report.closed.length > 1) app.log.info({ rentReclaim: { lamports: report.lamportsReclaimed } }, 'rent reclaimed in this run');
  for (const failure of report.failed) app.log.warn({ rentReclaim: failure }, 'rent reclaim failed; retried later');
}

/**
 * The rent-reclamation job (a service of the deals module, started with the app when it has a chain): every
 * `pollMs` it closes the escrow accounts queued as their deals and offers ended, every `sweepMs` it also sweeps
 * for unqueued ones. Never two runs at once in this process; several replicas share the work row by row. Stops
 * with the app, waiting for a run in progress.
 */
export const rentReclaimJob = fp<RentReclaimOptions>(async (app, options) => {
  if (options.pollMs <= 0) return;
  let running: Promise<void> | null = null;
  let lastSweep = 0;
  const tick = () => {
    const chain = app.chain;
    if (running || !chain) return;
    const sweep = Date.now() - lastSweep >= options.sweepMs;
    if (sweep) lastSweep = Date.now();
    running = reclaimRent({ db: app.db, chain, now: app.config.now }, { sweep })
      .then((report) => logReport(app, report))
      .catch((error: unknown) => app.log.error({ err: error }, 'rent reclaim job failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(tick, options.pollMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
});
