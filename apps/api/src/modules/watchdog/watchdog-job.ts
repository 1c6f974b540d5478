import type { FastifyInstance } from 'fastify';
import { DEFAULT_ADMIN_CONFIG } from '../admin/index.ts';
import { runWatchdog, type WatchdogRunContext } from './sweep.ts';
import { logEvent } from '../../lib/log-events.ts';

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
 * One run of the watchdog job (a job of the app's list, every WATCHDOG_SWEEP_SECONDS): every replica runs it; across
 * replicas the run's advisory lock lets one through and the others skip.
 */
export function watchdogRun(app: FastifyInstance): () => Promise<void> {
  const ctx = watchdogContextOf(app);
  return async () => {
    const report = await runWatchdog(ctx);
    if (report?.notified.length) logEvent(app.log, 'watchdog.overdue', { watchdog: report }, 'watchdog: records past their deadline');
  };
}
