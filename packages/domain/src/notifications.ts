/** Notification list rules. */
import { NOTIFICATION_READ_VISIBILITY, NOTIFICATIONS_PAGE_SIZE } from './constants.ts';

/** hasMore is true only when a page returns exactly a full page (10 items). */
export function hasMoreNotifications(pageItemCount: number, pageSize = NOTIFICATIONS_PAGE_SIZE): boolean {
  return pageItemCount === pageSize;
}

/** Marking one read decrements the unread count, never below 0. */
export function decrementUnread(count: number): number {
  return Math.max(0, count - 1);
}

/** An unread item is marked read when at least 60% of it is visible. */
export function isVisibleEnoughToRead(visibleRatio: number): boolean {
  return visibleRatio >= NOTIFICATION_READ_VISIBILITY;
}

export interface NotificationLike {
  readonly isRead: boolean;
  readonly readAt?: string | null;
}

/** The item after marking read; items already read are returned unchanged. */
export function markNotificationRead<T extends NotificationLike>(item: T, now: Date): T {
  return item.isRead ? item : { ...item, isRead: true, readAt: now.toISOString() };
}
