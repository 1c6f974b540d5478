import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/rows.ts';
import { AppError } from '../errors.ts';

/** A UTC day: from 00:00 UTC to the next 00:00 UTC, when daily caps and budgets reset. */
export interface UtcDay {
  start: Date;
  resetsAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function utcDay(now: Date): UtcDay {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, resetsAt: new Date(start.getTime() + DAY_MS) };
}

/** '2026-11-24 00:00 UTC' */
export function formatUtcTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Per-wallet daily caps are counted from the database, so they hold across API processes: call first inside the
 * transaction that writes the counted row. A transaction-scoped advisory lock on (purpose, wallet) makes concurrent
 * requests of one wallet count each other; commit or rollback releases it. Refuses with 429 when `count` rows of the
 * wallet since 00:00 UTC already reach `max` (undefined = no cap: the lock only); `message` gets the time the day
 * resets.
 */
export async function enforceDailyCap(
  tx: Queryable,
  cap: { purpose: string; wallet: string; max: number | undefined; now: Date },
  count: (since: Date) => Promise<number>,
  message: (max: number, resetsAt: string) => string,
): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${cap.purpose}:${cap.wallet}`}))`);
  if (cap.max === undefined) return;
  const day = utcDay(cap.now);
  if ((await count(day.start)) < cap.max) return;
  throw new AppError('RATE_LIMITED', message(cap.max, formatUtcTime(day.resetsAt)), { retryAt: day.resetsAt.toISOString() });
}
