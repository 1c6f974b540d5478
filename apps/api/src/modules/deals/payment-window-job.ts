import type { FastifyInstance } from 'fastify';
import { expireDeals } from './expire-deals.ts';
import { logEvent } from '../../lib/log-events.ts';

/**
 * One run of the payment-window job (PAYMENT_WINDOW_SWEEP_SECONDS; the app's job list runs it, lib/interval-job.ts):
 * expires deals whose window passed and refunds their locks, logging what it did.
 */
export function paymentWindowRun(app: FastifyInstance): () => Promise<void> {
  return async () => {
    const report = await expireDeals({ db: app.db, chain: app.chain, now: app.config.now, feePayer: app.config.feePayer, log: app.log });
    if (report.expired.length || report.refunded.length || report.synced.length) {
      logEvent(app.log, 'deal.expired', { paymentWindow: report }, 'payment window: deals expired');
    }
    // another replica (or request) holding a deal's slot is doing its work: no failure
    if (report.busy.length) logEvent(app.log, 'replica.busy', { paymentWindow: { busy: report.busy } }, 'payment window: deals in progress elsewhere');
    // a refund waiting for the seller's token account is recorded and shown to them: nothing failed
    if (report.waiting.length) logEvent(app.log, 'refund.waiting', { paymentWindow: { waiting: report.waiting } }, 'payment window: refunds waiting for the seller');
    for (const failure of report.failed) logEvent(app.log, 'refund.failed', { paymentWindow: failure }, 'payment window: refund failed');
  };
}
