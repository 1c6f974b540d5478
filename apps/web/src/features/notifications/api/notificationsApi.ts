import {
  hasTelegramResponse,
  markNotificationReadResponse,
  notificationListResponse,
  notificationPaths,
  telegramCodeResponse,
  unreadCountResponse,
  type Notification,
  type NotificationListResponse,
  type TelegramCodeResponse,
  type UnreadCountResponse,
} from '@jelly/contracts';
import { NOTIFICATIONS_PAGE_SIZE } from '@jelly/domain';
import { api } from '../../../lib/api/api.ts';

/**
 * The notification endpoints. The bell's list and count live in the notifications slice (paged, merged with
 * pushed events), so its thunks dispatch these with `readOnce`: the answer goes to the slice, not to a cache entry.
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /Notification?Page&Size: one page, newest first. */
    notificationPage: build.query<NotificationListResponse, number>({
      query: (page) => ({ url: notificationPaths.list, params: { Page: page, Size: NOTIFICATIONS_PAGE_SIZE } }),
      responseSchema: notificationListResponse,
    }),
    unreadNotificationCount: build.query<UnreadCountResponse, void>({
      query: () => notificationPaths.unreadCount,
      responseSchema: unreadCountResponse,
    }),
    markNotificationRead: build.mutation<Notification, number>({
      query: (id) => ({ url: notificationPaths.read(id), method: 'PUT' }),
      responseSchema: markNotificationReadResponse,
    }),
    /** GET /platform/telegram-code?wallet: the one-time code the bot's /start links. */
    telegramCode: build.query<TelegramCodeResponse, string>({
      query: (wallet) => ({ url: notificationPaths.telegramCode, params: { wallet } }),
      responseSchema: telegramCodeResponse,
    }),
    hasTelegram: build.query<boolean, string>({
      query: (wallet) => notificationPaths.hasTelegram(wallet),
      responseSchema: hasTelegramResponse,
    }),
  }),
});

/** A fresh read, not kept in the cache (the slice keeps what the screens show). */
export const readOnce = { subscribe: false, forceRefetch: true } as const;
