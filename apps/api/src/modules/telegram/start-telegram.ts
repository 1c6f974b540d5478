// The grammY side of the telegram service: loaded with import() only when TELEGRAM_BOT_TOKEN is set, so a server
// without a bot never loads grammY.
import type { FastifyInstance } from 'fastify';
import { Api, HttpError, type Bot } from 'grammy';
import { notificationPaths } from '@jelly/contracts';
import { createBot } from './bot.ts';
import { redactToken, TelegramOutboxWorker } from './outbox-worker.ts';
import { telegramFetch } from './telegram-fetch.ts';

const POLLING_RETRY_MS = 5000;
/** Outgoing calls give up after this long (the outbox retries them). */
const SEND_TIMEOUT_SECONDS = 20;

/** An error of a Bot API call for the logs: a network failure with its cause (a refused address says why), no token. */
function errorText(error: unknown, token: string): string {
  return redactToken(error instanceof HttpError ? `${String(error)} (${String(error.error)})` : String(error), token);
}

/**
 * Starts the bot and the outbox worker of a configured Telegram (service.ts loads this file only then). The worker
 * is woken by the outbox's signal here (not once the jobs are paused for a drain) and polled by the app's job list.
 */
export function startTelegram(app: FastifyInstance): { bot: Bot; outbox: TelegramOutboxWorker } | null {
  const { db, config } = app;
  const telegram = config.telegram;
  if (!telegram) return null;

  const bot = createBot({ db, config: telegram, now: config.now, log: app.log, fetch: app.outboundFetch });
  const worker = new TelegramOutboxWorker({
    db,
    api: new Api(telegram.botToken, { apiRoot: telegram.apiRoot, timeoutSeconds: SEND_TIMEOUT_SECONDS, fetch: telegramFetch(app.outboundFetch) }),
    publicUrl: config.publicUrl,
    now: config.now,
    log: app.log,
    adminChatId: telegram.adminChatId,
    botToken: telegram.botToken,
  });
  const stopWaking = app.realtime.dispatcher.onSignal((signal) => {
    if (signal.t === 'tg' && !app.jobs.paused) worker.wake();
  });
  let closing = false;

  const startPolling = () => {
    bot.start({ allowed_updates: ['message'], drop_pending_updates: false }).catch((error: unknown) => {
      if (closing) return;
      app.log.error(
        { error: errorText(error, telegram.botToken) },
        `telegram polling stopped; restarting in ${POLLING_RETRY_MS / 1000} s`,
      );
      setTimeout(() => {
        if (!closing) startPolling();
      }, POLLING_RETRY_MS).unref();
    });
  };

  app.addHook('onReady', async () => {
    if (telegram.mode === 'polling') {
      startPolling();
      return;
    }
    const url = new URL(`/api${notificationPaths.telegramWebhook}`, config.publicUrl).href;
    // Not awaited: a Telegram outage must not stop the API from starting (updates wait on Telegram's side).
    bot.api
      .setWebhook(url, { secret_token: telegram.webhookSecret ?? undefined, allowed_updates: ['message'] })
      .then(() => app.log.info({ url }, 'telegram webhook set'))
      .catch((error: unknown) => app.log.error({ error: errorText(error, telegram.botToken) }, 'telegram setWebhook failed'));
  });

  app.addHook('onClose', async () => {
    closing = true;
    stopWaking();
    if (bot.isRunning()) {
      await bot.stop().catch((error: unknown) => app.log.warn({ error: errorText(error, telegram.botToken) }, 'telegram polling stop failed'));
    }
    await worker.stop();
  });
  return { bot, outbox: worker };
}

