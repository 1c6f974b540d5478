import { timingSafeEqual } from 'node:crypto';
import {
  errorResponse,
  hasTelegramParams,
  hasTelegramResponse,
  notificationPaths,
  telegramCodeQuery,
  telegramCodeResponse,
} from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from 'grammy';
import { z } from 'zod';
import { AppError, forbidden, unauthorized } from '../../errors.ts';
import { createBot } from './bot.ts';
import { hasLinkedChat, issueLinkCode } from './link-codes.ts';
import { redactToken, TelegramOutboxWorker } from './outbox-worker.ts';

const WEBHOOK_SECRET_HEADER = 'x-telegram-bot-api-secret-token';
const POLLING_RETRY_MS = 5000;
/** Outgoing calls give up after this long (the outbox retries them). */
const SEND_TIMEOUT_SECONDS = 20;

/**
 * Telegram: link codes and the link check (GET /platform/telegram-code, GET /platform/has-telegram/{wallet}), the bot
 * (long polling or POST /telegram/webhook), and the outbox worker that delivers notifications to linked chats.
 * Without TELEGRAM_BOT_TOKEN only the link check works (always false) and the code endpoint answers 503.
 */
export const telegramRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const telegram = config.telegram;

  const requireSelf = (user: { wallet: string; isAdmin: boolean } | null, wallet: string, allowAdmin: boolean) => {
    if (!user) throw unauthorized();
    if (user.wallet !== wallet && !(allowAdmin && user.isAdmin)) throw forbidden('You can only do this for your own wallet.');
  };

  app.get(
    notificationPaths.telegramCode,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['telegram'],
        summary: 'A single-use code (10 minutes) to link a Telegram chat: open https://t.me/<bot>?start=<code>',
        security: [{ bearerAuth: [] }],
        querystring: telegramCodeQuery,
        response: { 200: telegramCodeResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      requireSelf(request.user, request.query.wallet, false);
      if (!telegram) throw new AppError('SERVICE_UNAVAILABLE', 'Telegram notifications are not configured on this server.');
      const issued = await issueLinkCode(db, request.query.wallet, config.now());
      reply.header('cache-control', 'no-store');
      return { code: issued.code, expiresAt: issued.expiresAt.toISOString(), botUsername: config.telegramBotUsername };
    },
  );

  app.get(
    '/platform/has-telegram/:wallet',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['telegram'],
        summary: 'Whether the wallet has a linked Telegram chat (the wallet itself or an admin)',
        security: [{ bearerAuth: [] }],
        params: hasTelegramParams,
        response: { 200: hasTelegramResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      requireSelf(request.user, request.params.wallet, true);
      reply.header('cache-control', 'no-store');
      return hasLinkedChat(db, request.params.wallet);
    },
  );

  if (!telegram) return;

  const bot = createBot({ db, config: telegram, now: config.now, log: app.log });
  const worker = new TelegramOutboxWorker({
    db,
    api: new Api(telegram.botToken, { apiRoot: telegram.apiRoot, timeoutSeconds: SEND_TIMEOUT_SECONDS }),
    publicUrl: config.publicUrl,
    now: config.now,
    log: app.log,
    adminChatId: telegram.adminChatId,
    botToken: telegram.botToken,
  });
  const stopWaking = app.realtime.dispatcher.onSignal((signal) => {
    if (signal.t === 'tg') worker.wake();
  });
  let closing = false;

  if (telegram.mode === 'webhook') {
    const secret = Buffer.from(telegram.webhookSecret ?? '');
    app.post(
      notificationPaths.telegramWebhook,
      {
        schema: {
          tags: ['telegram'],
          summary: 'Telegram Bot API webhook (X-Telegram-Bot-Api-Secret-Token required)',
          body: z.looseObject({ update_id: z.number().int() }),
          response: { 200: z.object({ ok: z.literal(true) }), 401: errorResponse },
        },
      },
      async (request) => {
        const presented = Buffer.from(String(request.headers[WEBHOOK_SECRET_HEADER] ?? ''));
        if (secret.length === 0 || presented.length !== secret.length || !timingSafeEqual(presented, secret)) {
          throw unauthorized('Missing or wrong webhook secret.');
        }
        if (!bot.isInited()) await bot.init();
        // The update's type is Telegram's; grammY routes what it understands and ignores the rest.
        await bot.handleUpdate(request.body as unknown as Parameters<typeof bot.handleUpdate>[0]);
        return { ok: true as const };
      },
    );
  }

  const startPolling = () => {
    bot.start({ allowed_updates: ['message'], drop_pending_updates: false }).catch((error: unknown) => {
      if (closing) return;
      app.log.error(
        { error: redactToken(String(error), telegram.botToken) },
        `telegram polling stopped; restarting in ${POLLING_RETRY_MS / 1000} s`,
      );
      setTimeout(() => {
        if (!closing) startPolling();
      }, POLLING_RETRY_MS).unref();
    });
  };

  app.addHook('onReady', async () => {
    worker.start();
    if (telegram.mode === 'polling') {
      startPolling();
      return;
    }
    const url = new URL(`/api${notificationPaths.telegramWebhook}`, config.publicUrl).href;
    // Not awaited: a Telegram outage must not stop the API from starting (updates wait on Telegram's side).
    bot.api
      .setWebhook(url, { secret_token: telegram.webhookSecret ?? undefined, allowed_updates: ['message'] })
      .then(() => app.log.info({ url }, 'telegram webhook set'))
      .catch((error: unknown) => app.log.error({ error: redactToken(String(error), telegram.botToken) }, 'telegram setWebhook failed'));
  });

  app.addHook('onClose', async () => {
    closing = true;
    stopWaking();
    if (bot.isRunning()) {
      await bot.stop().catch((error: unknown) => app.log.warn({ error: redactToken(String(error), telegram.botToken) }, 'telegram polling stop failed'));
    }
    await worker.stop();
  });
};
