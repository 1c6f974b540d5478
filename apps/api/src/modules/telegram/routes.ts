import { timingSafeEqual } from 'node:crypto';
import {
  hasTelegramParams,
  hasTelegramResponse,
  notificationPaths,
  telegramCodeQuery,
  telegramCodeResponse,
} from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../errors.ts';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { hasTelegram, telegramLinkCode } from './link-telegram.ts';

const WEBHOOK_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/**
 * Telegram: link codes and the link check (GET /platform/telegram-code, GET /platform/has-telegram/{wallet}), and
 * POST /telegram/webhook for the bot (started by the telegram service plugin) in webhook mode. Without TELEGRAM_BOT_TOKEN
 * only the link check works (always false) and the code endpoint answers 503.
 */
export const telegramRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, telegramBot: bot } = app;
  const telegram = config.telegram;

  app.get(
    notificationPaths.telegramCode,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['telegram'],
        summary: 'A single-use code (10 minutes) to link a Telegram chat: open https://t.me/<bot>?start=<code>',
        security: bearer,
        querystring: telegramCodeQuery,
        response: { 200: telegramCodeResponse, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      const code = await telegramLinkCode({ db, config }, signedIn(request), request.query.wallet);
      reply.header('cache-control', 'no-store');
      return code;
    },
  );

  app.get(
    '/platform/has-telegram/:wallet',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['telegram'],
        summary: 'Whether the wallet has a linked Telegram chat (the wallet itself or an admin)',
        security: bearer,
        params: hasTelegramParams,
        response: { 200: hasTelegramResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const linked = await hasTelegram(db, signedIn(request), request.params.wallet);
      reply.header('cache-control', 'no-store');
      return linked;
    },
  );

  if (!telegram) return;

  if (telegram.mode === 'webhook' && bot) {
    const secret = Buffer.from(telegram.webhookSecret ?? '');
    app.post(
      notificationPaths.telegramWebhook,
      {
        schema: {
          tags: ['telegram'],
          summary: 'Telegram Bot API webhook (X-Telegram-Bot-Api-Secret-Token required)',
          body: z.looseObject({ update_id: z.number().int() }),
          response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(401) },
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
};
