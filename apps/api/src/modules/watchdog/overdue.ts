import type { OverdueItem, OverdueResponse } from '@jelly/contracts';
import { WAIT_KINDS, type WaitKind, type WaitSettings, countByKind, isOverdue, waitAllowanceMs, waitDeadline, waitRule } from '@jelly/domain';
import { isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { watchdogOverdue } from '../../db/schema/index.ts';
import { WAIT_READERS, type WaitingRecord } from './readers.ts';

export interface WatchdogContext {
  db: Queryable;
  now: () => Date;
  settings: WaitSettings;
}

export interface OverdueRecord extends WaitingRecord {
  kind: WaitKind;
}

/**
 * Everything past its deadline at `now`, read live from the owning tables (so nothing late is ever missing from the
 * view while the job has not run yet), in table order, the longest-waiting first within a kind.
 */
export async function findOverdue(ctx: WatchdogContext, now: Date): Promise<OverdueRecord[]> {
  const perKind = await Promise.all(
    WAIT_KINDS.map(async (kind) => {
      const startedBefore = new Date(now.getTime() - waitAllowanceMs(kind, ctx.settings));
      const records = await WAIT_READERS[kind](ctx.db, startedBefore);
      // The reader selects by the same rule; the table's own check keeps the two from drifting apart.
      return records.filter((r) => isOverdue(kind, r.since, now, ctx.settings)).map((r) => ({ ...r, kind }));
    }),
  );
  return perKind.flat();
}

/** The overdue records counted by kind (every kind present): the figures for the operators' metrics. */
export async function overdueCounts(ctx: WatchdogContext): Promise<Record<WaitKind, number>> {
  return countByKind((await findOverdue(ctx, ctx.now())).map((r) => r.kind));
}

/** GET /admin/overdue: the live list with each item's words from the wait table and when the admins were told. */
export async function listOverdue(ctx: WatchdogContext): Promise<OverdueResponse> {
  const now = ctx.now();
  const records = await findOverdue(ctx, now);
  const open = await ctx.db
    .select({ kind: watchdogOverdue.kind, ref: watchdogOverdue.ref, notifiedAt: watchdogOverdue.notifiedAt })
    .from(watchdogOverdue)
    .where(isNull(watchdogOverdue.clearedAt));
  const notified = new Map(open.map((row) => [`${row.kind}:${row.ref}`, row.notifiedAt]));
  const data: OverdueItem[] = records
    .map((r) => {
      const rule = waitRule(r.kind);
      return {
        kind: r.kind,
        ref: r.ref,
        label: r.label,
        waitsFor: rule.waitsFor,
        wayOut: rule.wayOut,
        owner: rule.owner,
        since: r.since.toISOString(),
        deadline: waitDeadline(r.kind, r.since, ctx.settings).toISOString(),
        link: r.link,
        notifiedAt: notified.get(`${r.kind}:${r.ref}`)?.toISOString() ?? null,
      };
    })
    .sort((a, b) => a.deadline.localeCompare(b.deadline));
  return { at: now.toISOString(), data, counts: countByKind(records.map((r) => r.kind)), total: data.length };
}
