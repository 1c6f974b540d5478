/** Budgets run per UTC day: a window starts at 00:00 UTC and resets at the next 00:00 UTC. */
export interface BudgetWindow {
  start: Date;
  resetsAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function budgetWindow(now: Date): BudgetWindow {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, resetsAt: new Date(start.getTime() + DAY_MS) };
}

/** '2026-11-24 00:00 UTC' */
export function formatResetTime(resetsAt: Date): string {
  return `${resetsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
