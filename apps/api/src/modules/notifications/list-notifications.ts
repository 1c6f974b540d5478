import type { NotificationListResponse } from '@jelly/contracts';
import type { Database } from '../../db/connect.ts';
import { listNotificationsOf } from './queries.ts';
import { toNotification } from './to-wire.ts';

/** The signed-in wallet's notifications, newest first. */
export async function listNotifications(
  db: Database,
  wallet: string,
  page: number,
  size: number,
): Promise<NotificationListResponse> {
  const { rows, total } = await listNotificationsOf(db, wallet, page, size);
  return { data: rows.map(toNotification), total, page, size };
}
