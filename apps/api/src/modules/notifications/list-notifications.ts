import type { NotificationListResponse } from '@jelly/contracts';
import type { Database } from '../../db/connect.ts';
import type { AuthUser } from '../auth/index.ts';
import { listNotificationsOf } from './queries.ts';
import { toNotification } from './to-wire.ts';

/** The signed-in wallet's notifications, newest first. */
export async function listNotifications(
  db: Database,
  user: AuthUser,
  { Page: page, Size: size }: { Page: number; Size: number },
): Promise<NotificationListResponse> {
  const { rows, total } = await listNotificationsOf(db, user.wallet, page, size);
  return { data: rows.map(toNotification), total, page, size };
}
