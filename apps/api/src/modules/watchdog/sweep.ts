import { WAIT_OWNER_LABELS, type WaitKind, waitDeadline, waitRule } from '@jelly/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { type Queryable, queryRows } from '../../db/rows.ts';
import { watchdogOverdue } from '../../db/schema/index.ts';
import { notify } from '../notifications/index.ts';
import { enqueueTelegram } from '../telegram/index.ts';
import { type OverdueRecord, type WatchdogContext, findOverdue } from './overdue.ts';
import { READ_LIMIT } from './readers.ts';

export interface WatchdogRunContext extends Omit<WatchdogContext, 'db'> {
  db: Database;
  /** Every admin gets the bell (ADMIN_WALLETS). */
  adminWallets: ReadonlySet<string>;
  /** TELEGRAM_ADMIN_CHAT_ID, or null (no bot, or no admin chat): the bell only. */
  telegramAdminChatId: number | null;
}

export interface WatchdogReport {
  overdue: number;
  /** Records announced to the admins in this run (each wait once, across replicas). */
  notified: { kind: WaitKind; ref: string }[];
  /** Records that moved on since the last run. */
  cleared: number;
}

const key = (kind: string, ref: string) => `${kind}\u0000${ref}`;

/**
 * One run of the watchdog: lists everything past its deadline into watchdog_overdue, clears what moved on, and tells
 * the admins once about each new late record. The whole run is one transaction under a transaction-scoped advisory
 * lock, taken without waiting: a replica that finds another replica's run in progress skips its turn (null), so two
 * replicas never announce the same record, and a run that fails announces nothing and leaves nothing half-written.
 */
export async function runWatchdog(ctx: WatchdogRunContext): Promise<WatchdogReport | null> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(hashtext('jelly:watchdog')) AS locked`);
    if (!lock?.locked) return null;
    const records = await findOverdue({ ...ctx, db: tx }, now);
    for (const r of records) {
      // A record late again after it had moved on is a new wait: its row reopens and is announced afresh.
      await tx
        .insert(watchdogOverdue)
        .values({ kind: r.kind, ref: r.ref, since: r.since, detectedAt: now })
        .onConflictDoUpdate({
          target: [watchdogOverdue.kind, watchdogOverdue.ref],
          set: {
            since: r.since,
            detectedAt: sql`CASE WHEN ${watchdogOverdue.clearedAt} IS NULL THEN ${watchdogOverdue.detectedAt} ELSE excluded.detected_at END`,
            notifiedAt: sql`CASE WHEN ${watchdogOverdue.clearedAt} IS NULL THEN ${watchdogOverdue.notifiedAt} END`,
            clearedAt: null,
          },
        });
    }
    const cleared = await clearMovedOn(tx, records, now);
    const notified = await announce(tx, ctx, records, now);
    return { overdue: records.length, notified, cleared };
  });
}

/** Marks cleared the open rows whose record is no longer late (not for a kind whose read hit its limit: unseen ≠ gone). */
async function clearMovedOn(tx: Queryable, records: OverdueRecord[], now: Date): Promise<number> {
  const seen = new Set(records.map((r) => key(r.kind, r.ref)));
  const perKind = new Map<string, number>();
  for (const r of records) perKind.set(r.kind, (perKind.get(r.kind) ?? 0) + 1);
  const open = await tx.select({ kind: watchdogOverdue.kind, ref: watchdogOverdue.ref }).from(watchdogOverdue).where(isNull(watchdogOverdue.clearedAt));
  let cleared = 0;
  for (const row of open) {
    if (seen.has(key(row.kind, row.ref)) || (perKind.get(row.kind) ?? 0) >= READ_LIMIT) continue;
    await tx
      .update(watchdogOverdue)
      .set({ clearedAt: now })
      .where(and(eq(watchdogOverdue.kind, row.kind), eq(watchdogOverdue.ref, row.ref)));
    cleared += 1;
  }
  return cleared;
}

/** The admins' message for one late record: what waits, since when, who must act, the way out. */
export function overdueNotice(r: OverdueRecord, ctx: Pick<WatchdogContext, 'settings'>): { title: string; message: string } {
  const rule = waitRule(r.kind);
  const deadline = waitDeadline(r.kind, r.since, ctx.settings);
  return {
    title: `Overdue: ${r.label}`,
    message:
      `${rule.waitsFor} Waiting since ${r.since.toISOString()}, late since ${deadline.toISOString()}; ` +
      `${WAIT_OWNER_LABELS[rule.owner]} must act. ${rule.wayOut}`,
  };
}

async function announce(tx: Database, ctx: WatchdogRunContext, records: OverdueRecord[], now: Date): Promise<WatchdogReport['notified']> {
  const pending = await tx
    .select({ kind: watchdogOverdue.kind, ref: watchdogOverdue.ref })
    .from(watchdogOverdue)
    .where(and(isNull(watchdogOverdue.clearedAt), isNull(watchdogOverdue.notifiedAt)));
  const byKey = new Map(records.map((r) => [key(r.kind, r.ref), r]));
  const notified: WatchdogReport['notified'] = [];
  for (const row of pending) {
    const record = byKey.get(key(row.kind, row.ref));
    if (!record) continue;
    const notice = overdueNotice(record, ctx);
    for (const wallet of ctx.adminWallets) {
      await notify(tx, { wallet, kind: 'overdue', ...notice, data: { waitKind: record.kind, ref: record.ref, link: record.link }, now });
    }
    if (ctx.telegramAdminChatId !== null) {
      const text = `${notice.title}\n\n${notice.message}`;
      await enqueueTelegram(tx, { chatId: ctx.telegramAdminChatId, text, buttonText: 'Open in the back office', buttonUrl: record.link, now });
    }
    await tx
      .update(watchdogOverdue)
      .set({ notifiedAt: now })
      .where(and(eq(watchdogOverdue.kind, row.kind), eq(watchdogOverdue.ref, row.ref)));
    notified.push({ kind: record.kind, ref: record.ref });
  }
  return notified;
}
