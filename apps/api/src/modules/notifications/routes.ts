import {
  errorResponse,
  markNotificationReadResponse,
  notificationIdParams,
  notificationListQuery,
  notificationListResponse,
  notificationPaths,
  unreadCountResponse,
} from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../errors.ts';
import { listNotifications } from './list-notifications.ts';
import { markNotificationRead } from './mark-notification-read.ts';
import { PAYMENT_REMINDER_INTERVAL_MS, sendPaymentWindowReminders } from './payment-window-reminders.ts';
import { unreadCount } from './unread-count.ts';

const security = [{ bearerAuth: [] }];

/** GET /Notification, PUT /Notification/{id}/read, GET /Notification/unread-count — the caller's own only. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  // The payment-window reminder job (each process runs it; a reminder goes out once across all of them).
  let running: Promise<void> | null = null;
  const reminders = setInterval(() => {
    running ??= sendPaymentWindowReminders(db, config.now())
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'payment window reminders failed'))
      .finally(() => {
        running = null;
      });
  }, PAYMENT_REMINDER_INTERVAL_MS);
  reminders.unref();
  app.addHook('onClose', async () => {
    clearInterval(reminders);
    await running;
  });
  const walletOf = (user: { wallet: string } | null) => {
    if (!user) throw unauthorized();
    return user.wallet;
  };

  app.get(
    notificationPaths.list,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'The signed-in wallet’s notifications, newest first (Size defaults to 10)',
        security,
        querystring: notificationListQuery,
        response: { 200: notificationListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listNotifications(db, walletOf(request.user), request.query.Page, request.query.Size);
    },
  );

  app.get(
    notificationPaths.unreadCount,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'How many of the signed-in wallet’s notifications are unread',
        security,
        response: { 200: unreadCountResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return unreadCount(db, walletOf(request.user));
    },
  );

  app.put(
    '/Notification/:id/read',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of the signed-in wallet’s notifications read (sets isRead and readAt)',
        security,
        params: notificationIdParams,
        response: { 200: markNotificationReadResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => markNotificationRead(db, walletOf(request.user), request.params.id, config.now()),
  );
};
