import type { Notification } from '@jelly/contracts';
import type { Database } from '../../db/connect.ts';
import { notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { markReadIfOwned } from './notification-writes.ts';
import { toNotification } from './to-wire.ts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';

/** Sets isRead/readAt on the caller's own notification; another wallet's id answers 404 like a missing one. */
export async function markNotificationRead(
  { db, now }: { db: Database; now: () => Date },
  user: AuthUser,
  id: number,
): Promise<Notification> {
  const row = await markReadIfOwned(db, user.wallet, id, now());
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return toNotification(row);
}
