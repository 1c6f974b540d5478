import { randomUUID } from 'node:crypto';
import type { RatingResponse } from '@jelly/contracts';
import { ALREADY_SENT_REQUEST, checkReason } from '@jelly/domain';
import { and, count, eq, gt, gte } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { userReports } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../errors.ts';
import { enforceDailyCap } from '../../lib/daily-cap.ts';

/** A reporter may report the same wallet again only once this long has passed since their last report of it. */
export const REPORT_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

export const REPORT_DAILY_CAP = (max: number, resetsAt: string) => `You can report at most ${max} users a day; the limit resets at ${resetsAt}.`;

/**
 * A user report (POST /rating with score 0 and dealId null): a non-blank reason ('Please provide a reason'), kept for
 * the admins only (user_reports, never a review). One per reporter and reported wallet in 24 hours: a second one is
 * refused as already sent. At most `perDay` reports per reporter per UTC day (429 beyond; undefined = no cap). The
 * checks and the insert run under a transaction-scoped lock on the reporter, so concurrent reports count each other
 * (on every replica).
 */
export async function submitReport(
  db: Database,
  caller: string,
  toWallet: string,
  comment: string,
  now: Date,
  perDay?: number,
): Promise<RatingResponse> {
  const reason = checkReason(comment);
  if (!reason.ok) throw new AppError('VALIDATION_ERROR', reason.error);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const reportedSince = async (since: Date) => {
      const [row] = await tx.select({ n: count() }).from(userReports).where(and(eq(userReports.fromWallet, caller), gte(userReports.createdAt, since)));
      return row?.n ?? 0;
    };
    await enforceDailyCap(tx, { purpose: 'report', wallet: caller, max: perDay, now }, reportedSince, REPORT_DAILY_CAP);
    const since = new Date(now.getTime() - REPORT_REPEAT_WINDOW_MS);
    const [recent] = await tx
      .select({ id: userReports.id })
      .from(userReports)
      .where(and(eq(userReports.fromWallet, caller), eq(userReports.toWallet, toWallet), gt(userReports.createdAt, since)))
      .limit(1);
    if (recent) throw conflict(ALREADY_SENT_REQUEST);
    await tx.insert(userReports).values({ id, fromWallet: caller, toWallet, comment: reason.value, createdAt: now });
  });
  return { id, kind: 'report' };
}
