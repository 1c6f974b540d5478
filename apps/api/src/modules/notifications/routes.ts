import {
  markNotificationReadResponse,
  notificationIdParams,
  notificationListQuery,
  notificationListResponse,
  notificationPaths,
  unreadCountResponse,
} from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { listNotifications } from './list-notifications.ts';
import { markNotificationRead } from './mark-notification-read.ts';
import { unreadCount } from './unread-count.ts';

/** GET /Notification, PUT /Notification/{id}/read, GET /Notification/unread-count — the caller's own only. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  app.get(
    notificationPaths.list,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'The signed-in wallet’s notifications, newest first (Size defaults to 10)',
        security: bearer,
        querystring: notificationListQuery,
        response: { 200: notificationListResponse, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listNotifications(db, signedIn(request), request.query);
    },
  );

  app.get(
    notificationPaths.unreadCount,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'How many of the signed-in wallet’s notifications are unread',
        security: bearer,
        response: { 200: unreadCountResponse, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return unreadCount(db, signedIn(request));
    },
  );

  app.put(
    '/Notification/:id/read',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of the signed-in wallet’s notifications read (sets isRead and readAt)',
        security: bearer,
        params: notificationIdParams,
        response: { 200: markNotificationReadResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => markNotificationRead({ db, now: config.now }, signedIn(request), request.params.id),
  );
};
