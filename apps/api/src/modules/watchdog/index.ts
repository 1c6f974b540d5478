/** The watchdog module's public surface: the app registers its routes.ts; other modules and the app import only this. */
export { overdueCounts, listOverdue } from './overdue.ts';
export type { WatchdogContext } from './overdue.ts';
export { runWatchdog } from './sweep.ts';
export type { WatchdogReport, WatchdogRunContext } from './sweep.ts';
export { watchdogContextOf, watchdogRun } from './watchdog-job.ts';
export { readWatchdogConfig } from './watchdog-config.ts';
export type { WatchdogConfig } from './watchdog-config.ts';
