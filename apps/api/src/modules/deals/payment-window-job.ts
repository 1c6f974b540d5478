import type { FastifyInstance } from 'fastify';
import { expireDeals } from './expire-deals.ts';

/**
 * Runs the payment-window job every `intervalMs` (never two runs at once; the timer does not keep the process
 * alive). Stops with the app, waiting for a run in progress.
 */
export function startPaymentWindowJob(app: FastifyInstance, intervalMs: number): void {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = expireDeals({ db: app.db, chain: app.chain, now: app.config.now, feePayer: app.config.feePayer, log: app.log })
      .then((report) => {
        if (report.expired.length || report.refunded.length || report.synced.length) {
          app.log.info({ paymentWindow: report }, 'payment window: deals expired');
        }
        for (const failure of report.failed) app.log.warn({ paymentWindow: failure }, 'payment window: refund failed');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'payment window job failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/** Starts the payment-window job once the app is ready, when the app is configured with one (PAYMENT_WINDOW_SWEEP_SECONDS). */
export function startPaymentWindowService(app: FastifyInstance): void {
  const sweepMs = app.config.deals?.paymentWindowSweepMs ?? 0;
  if (sweepMs > 0) app.addHook('onReady', async () => startPaymentWindowJob(app, sweepMs));
}
