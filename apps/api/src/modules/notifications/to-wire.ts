import { notificationKind, type Notification } from '@jelly/contracts';
import type { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    // Rows are only written through notify(), whose kinds are the contract's; parse keeps the wire honest.
    kind: notificationKind.parse(row.kind),
    title: row.title,
    message: row.message,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    isRead: row.isRead,
    readAt: row.readAt?.toISOString() ?? null,
  };
}
