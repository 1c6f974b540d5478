import fp from 'fastify-plugin';

/**
 * The Telegram bot (long polling, or the handler behind POST /telegram/webhook) and the outbox worker that delivers
 * notifications to linked chats: they start when the app is ready and stop when it closes. Decorates the app with
 * the bot for the webhook route (`app.telegramBot`) and with the worker the app's telegram-outbox job polls
 * (`app.telegramOutbox`), both null without TELEGRAM_BOT_TOKEN (nothing runs then).
 */
export const telegramService = fp(
  async (app) => {
    // grammY and the bot's code load only when a bot is configured: most servers run without one.
    const started = app.config.telegram ? (await import('./start-telegram.ts')).startTelegram(app) : null;
    app.decorate('telegramBot', started?.bot ?? null);
    app.decorate('telegramOutbox', started?.outbox ?? null);
  },
  { name: 'telegram-service', dependencies: ['outbound-http'] },
);
