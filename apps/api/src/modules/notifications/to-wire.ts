import { notificationKind, type Notification } from '@jelly/contracts';
import type { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** Coin Jelly notifications carry their order's id in data.jellyId. */
function jellyIdOf(data: unknown): { jellyId?: number } {
  const id = (data as { jellyId?: unknown } | null)?.jellyId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? { jellyId: id } : {};
}

/** Swap-chat notifications carry their swap's id in data.swapId. */
function swapIdOf(data: unknown): { swapId?: number } {
  const id = (data as { swapId?: unknown } | null)?.swapId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? { swapId: id } : {};
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    // Rows are only written through notify(), whose kinds are the contract's; parse keeps the wire honest.
    kind: notificationKind.parse(row.kind),
    title: row.title,
    message: row.message,
    orderId: row.orderId,
    ...jellyIdOf(row.data),
    ...swapIdOf(row.data),
    createdAt: row.createdAt.toISOString(),
    isRead: row.isRead,
    readAt: row.readAt?.toISOString() ?? null,
  };
}
