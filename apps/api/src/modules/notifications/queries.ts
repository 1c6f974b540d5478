import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { notifications } from '../../db/schema/index.ts';
import type { NotificationRow } from './to-wire.ts';

export async function listNotificationsOf(
  db: Database,
  wallet: string,
  page: number,
  size: number,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.wallet, wallet))
      .orderBy(desc(notifications.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(notifications).where(eq(notifications.wallet, wallet)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function countUnreadOf(db: Database, wallet: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.wallet, wallet), eq(notifications.isRead, false)));
  return row?.unread ?? 0;
}

export async function findNotificationsByIds(db: Database, ids: readonly number[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(notifications).where(inArray(notifications.id, [...ids]));
}
