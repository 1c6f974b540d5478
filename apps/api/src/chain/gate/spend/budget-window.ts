import { formatUtcTime, utcDay, type UtcDay } from '../../../lib/daily-cap.ts';

/** Budgets run per UTC day: a window starts at 00:00 UTC and resets at the next 00:00 UTC. */
export type BudgetWindow = UtcDay;

export const budgetWindow: (now: Date) => BudgetWindow = utcDay;

/** '2026-11-24 00:00 UTC' */
export const formatResetTime: (resetsAt: Date) => string = formatUtcTime;
