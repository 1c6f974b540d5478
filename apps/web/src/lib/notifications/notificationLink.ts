import type { Notification } from '@jelly/contracts';
import { pagePaths } from '@jelly/contracts';

/**
 * Where a notification leads: its swap's chat, its deal's chat, its Coin Jelly order, or nowhere (a ban, a review
 * without a deal). Deal and swap ids are separate sequences, so a swap's chat needs ?kind=swap.
 */
export function notificationLink(notification: Pick<Notification, 'orderId' | 'jellyId' | 'swapId'>): string | null {
  if (notification.swapId != null) return pagePaths.swapChat(notification.swapId);
  if (notification.orderId !== null) return pagePaths.deal(notification.orderId);
  if (notification.jellyId != null) return pagePaths.coinJellyOrder(notification.jellyId);
  return null;
}
