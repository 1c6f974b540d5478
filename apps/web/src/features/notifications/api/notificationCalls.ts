import {
  hasTelegramResponse,
  markNotificationReadResponse,
  notificationListResponse,
  notificationPaths,
  telegramCodeResponse,
  unreadCountResponse,
  type NotificationListResponse,
  type TelegramCodeResponse,
} from '@jelly/contracts';
import { NOTIFICATIONS_PAGE_SIZE } from '@jelly/domain';
import type { ApiClient } from '../../../lib/api/apiClient.ts';

/** The notification endpoints, validated with their contracts. */
export const notificationCalls = {
  page: (client: ApiClient, page: number): Promise<NotificationListResponse> =>
    client.json(`${notificationPaths.list}?Page=${page}&Size=${NOTIFICATIONS_PAGE_SIZE}`, notificationListResponse),
  unreadCount: async (client: ApiClient): Promise<number> =>
    (await client.json(notificationPaths.unreadCount, unreadCountResponse)).count,
  markRead: (client: ApiClient, id: number) => client.json(notificationPaths.read(id), markNotificationReadResponse, { method: 'PUT' }),
  telegramCode: (client: ApiClient, wallet: string): Promise<TelegramCodeResponse> =>
    client.json(`${notificationPaths.telegramCode}?wallet=${encodeURIComponent(wallet)}`, telegramCodeResponse),
  hasTelegram: (client: ApiClient, wallet: string): Promise<boolean> => client.json(notificationPaths.hasTelegram(wallet), hasTelegramResponse),
};
