import fp from 'fastify-plugin';
import { expireDeals } from './expire-deals.ts';

/**
 * The payment-window job, when the app is configured with one (PAYMENT_WINDOW_SWEEP_SECONDS): from when the app
 * is ready it runs every sweep interval (never two runs at once; the timer does not keep the process alive). Stops
 * with the app, waiting for a run in progress.
 */
export const paymentWindowJob = fp(
  async (app) => {
    const sweepMs = app.config.deals?.paymentWindowSweepMs ?? 0;
    if (sweepMs <= 0) return;
    let running: Promise<void> | null = null;
    const tick = () => {
      if (running) return;
      running = expireDeals({ db: app.db, chain: app.chain, now: app.config.now, feePayer: app.config.feePayer, log: app.log })
        .then((report) => {
          if (report.expired.length || report.refunded.length || report.synced.length) {
            app.log.info({ paymentWindow: report }, 'payment window: deals expired');
          }
          // another replica (or request) holding a deal's slot is doing its work: no failure
          if (report.busy.length) app.log.info({ paymentWindow: { busy: report.busy } }, 'payment window: deals in progress elsewhere');
          // a refund waiting for the seller's token account is recorded and shown to them: nothing failed
          if (report.waiting.length) app.log.info({ paymentWindow: { waiting: report.waiting } }, 'payment window: refunds waiting for the seller');
          for (const failure of report.failed) app.log.warn({ paymentWindow: failure }, 'payment window: refund failed');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'payment window job failed'))
        .finally(() => {
          running = null;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(tick, sweepMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'deals-payment-window-job' },
);
