import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { notifications } from '../../db/schema/index.ts';
import type { NotificationRow } from './to-wire.ts';

/**
 * Marks the wallet's own notification read (readAt is kept from the first time). Undefined when there is no such
 * notification for this wallet, so another wallet's id is indistinguishable from a missing one.
 */
export async function markReadIfOwned(
  db: Database,
  wallet: string,
  id: number,
  now: Date,
): Promise<NotificationRow | undefined> {
  const [updated] = await db
    .update(notifications)
    .set({ isRead: true, readAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.wallet, wallet), eq(notifications.isRead, false)))
    .returning();
  if (updated) return updated;
  const [existing] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.wallet, wallet)));
  return existing;
}
