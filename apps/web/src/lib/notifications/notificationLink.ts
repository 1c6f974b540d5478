import type { Notification } from '@jelly/contracts';

/** Where a notification leads: its deal's chat, its Coin Jelly order, or nowhere (a ban, a review without a deal). */
export function notificationLink(notification: Pick<Notification, 'orderId' | 'jellyId'>): string | null {
  if (notification.orderId !== null) return `/swap-chat/${notification.orderId}`;
  if (notification.jellyId != null) return `/coin-jelly/${notification.jellyId}`;
  return null;
}
