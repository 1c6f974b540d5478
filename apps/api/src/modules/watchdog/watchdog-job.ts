import fp from 'fastify-plugin';
import { DEFAULT_ADMIN_CONFIG } from '../admin/index.ts';
import { runWatchdog, type WatchdogRunContext } from './sweep.ts';

/** The watchdog's context from the app's configuration (the job's and the tests'). */
export function watchdogContextOf(app: {
  db: WatchdogRunContext['db'];
  config: {
    now: () => Date;
    adminWallets: ReadonlySet<string>;
    admin?: { disputeSlaHours: number } | undefined;
    telegram: { adminChatId: number | null } | null;
  };
}): WatchdogRunContext {
  const { config } = app;
  return {
    db: app.db,
    now: config.now,
    settings: { disputeSlaHours: (config.admin ?? DEFAULT_ADMIN_CONFIG).disputeSlaHours },
    adminWallets: config.adminWallets,
    telegramAdminChatId: config.telegram?.adminChatId ?? null,
  };
}

/**
 * The watchdog job (WATCHDOG_SWEEP_SECONDS): every replica ticks, one run at a time per process; across replicas the
 * run's advisory lock lets one through and the others skip. The timer does not keep the process alive; stops with
 * the app, waiting for a run in progress.
 */
export const watchdogJob = fp(
  async (app) => {
    const sweepMs = app.config.watchdog?.sweepMs ?? 0;
    if (sweepMs <= 0) return;
    const ctx = watchdogContextOf(app);
    let running: Promise<void> | null = null;
    const tick = () => {
      running ??= runWatchdog(ctx)
        .then((report) => {
          if (report?.notified.length) app.log.warn({ watchdog: report }, 'watchdog: records past their deadline');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'watchdog run failed'))
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
  { name: 'watchdog-job' },
);
