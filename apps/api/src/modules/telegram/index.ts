/** The telegram module's public surface: other modules and the app import it from here, never from its other files. */
export { DEAL_BUTTON_TEXT, telegramTextOf } from './message-text.ts';
export { telegramSupportNotifier } from './support-notifier.ts';
export { enqueueNotificationTelegram, enqueueTelegram, OUTBOX_POLL_MS } from './outbox.ts';
export { telegramService } from './service.ts';
export { readTelegramConfig } from './telegram-config.ts';
export type { TelegramConfig } from './telegram-config.ts';
