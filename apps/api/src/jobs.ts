import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobSpec } from './lib/interval-job.ts';
import { paymentWindowRun, rentReclaimRun } from './modules/deals/index.ts';
import { DEFAULT_FEE_PAYER_CONFIG } from './chain/gate/index.ts';
import { runwayWatchRun } from './modules/fee-payer/index.ts';
import { PAYMENT_REMINDER_INTERVAL_MS, paymentReminderRun } from './modules/notifications/index.ts';
import { floatingPricesRun } from './modules/orders/index.ts';
import { expiredQuoteSweepRun, processingSwapSweepRun } from './modules/swap/index.ts';
import { OUTBOX_POLL_MS } from './modules/telegram/index.ts';
import { watchdogRun } from './modules/watchdog/index.ts';
import { rateLimitSweepRun } from './plugins/rate-limit.ts';
import { RATE_LIMIT_SWEEP_MS } from './plugins/rate-limit-store.ts';
import { sendRecoveryRun } from './plugins/send-recovery-job.ts';

/**
 * Every periodic job of the server, in one list: its name (logs, metrics), its interval from the configuration
 * (0 = off) and its run. The rules they all follow (start on ready, no overlap, pause on drain, a close that waits)
 * are lib/interval-job.ts's. A job that needs the chain, the desk, Coin Jelly or Telegram is listed only with it.
 */
export function appJobs(app: FastifyInstance): JobSpec[] {
  const { config, chain, coinJelly, telegramOutbox } = app;
  const jobs: JobSpec[] = [
    { name: 'payment-reminders', everyMs: PAYMENT_REMINDER_INTERVAL_MS, run: paymentReminderRun(app) },
    { name: 'rate-limit-sweep', everyMs: RATE_LIMIT_SWEEP_MS, run: rateLimitSweepRun(app) },
    { name: 'floating-prices', everyMs: config.prices?.floatingRefreshMs ?? 0, run: floatingPricesRun(app) },
    { name: 'payment-window', everyMs: config.deals?.paymentWindowSweepMs ?? 0, run: paymentWindowRun(app) },
    { name: 'expired-quotes', everyMs: config.swap?.quoteSweepMs ?? 0, run: expiredQuoteSweepRun(app) },
    { name: 'watchdog', everyMs: config.watchdog?.sweepMs ?? 0, run: watchdogRun(app) },
  ];
  if (telegramOutbox) jobs.push({ name: 'telegram-outbox', everyMs: OUTBOX_POLL_MS, run: () => telegramOutbox.drain() });
  if (coinJelly) jobs.push({ name: 'coin-jelly-poll', everyMs: config.coinJelly?.pollMs ?? 0, run: () => coinJelly.watcher.tick() });
  if (chain) {
    const sendRecovery = config.sendRecovery;
    const deals = config.deals;
    jobs.push(
      { name: 'rent-reclaim', everyMs: deals?.rentReclaimPollMs ?? 0, run: rentReclaimRun(app, chain, deals?.rentReclaimSweepMs ?? 0) },
      { name: 'fee-payer-runway', everyMs: (config.feePayer ?? DEFAULT_FEE_PAYER_CONFIG).runwayCheckMs, run: runwayWatchRun(app, chain) },
      { name: 'send-recovery', everyMs: sendRecovery?.pollMs ?? 0, run: sendRecoveryRun(app, chain, sendRecovery?.staleMs ?? 0) },
    );
    if (app.desk) jobs.push({ name: 'processing-swaps', everyMs: config.swap?.processingSweepMs ?? 0, run: processingSwapSweepRun(app, chain) });
  }
  return jobs;
}

/**
 * Registers the list on `app.jobs` (after the services the jobs use) and ties it to the app: the jobs start on ready
 * (after the services' own onReady, e.g. the Coin Jelly watcher's open orders) and close, waiting for the runs in
 * progress, before the services and the database close (Fastify runs onClose hooks last-registered first).
 */
export const periodicJobs = fp(
  async (app) => {
    for (const job of appJobs(app)) app.jobs.add(job);
    app.addHook('onReady', async () => app.jobs.start());
    app.addHook('onClose', async () => app.jobs.close());
  },
  { name: 'periodic-jobs', dependencies: ['coin-jelly-service', 'telegram-service', 'prices-service', 'swap-desk'] },
);
