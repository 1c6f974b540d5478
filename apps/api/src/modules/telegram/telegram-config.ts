import { z } from 'zod';
import { type ConfigRead, optionalHttpUrl, optionalText, readEnv } from '../../lib/env-fields.ts';

export interface TelegramConfig {
  botToken: string;
  /** polling = the server long-polls getUpdates; webhook = Telegram posts updates to /api/telegram/webhook. */
  mode: 'polling' | 'webhook';
  /** Checked against X-Telegram-Bot-Api-Secret-Token on webhook calls (required in webhook mode). */
  webhookSecret: string | null;
  /** Bot API base URL (tests point it at a local stand-in). */
  apiRoot: string;
  /** Chat that receives support requests; null = none configured. */
  adminChatId: number | null;
}

const envSchema = z.object({
  TELEGRAM_BOT_TOKEN: optionalText.refine((value) => value === undefined || /^\d+:[A-Za-z0-9_-]+$/.test(value), {
    message: 'TELEGRAM_BOT_TOKEN must look like 123456:ABC-DEF (from @BotFather)',
  }),
  TELEGRAM_MODE: optionalText.pipe(
    z.enum(['polling', 'webhook'], { error: 'TELEGRAM_MODE must be polling or webhook' }).optional(),
  ),
  TELEGRAM_WEBHOOK_SECRET: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9_-]{1,256}$/.test(value), {
    message: 'TELEGRAM_WEBHOOK_SECRET must be 1-256 characters A-Z, a-z, 0-9, _ or -',
  }),
  TELEGRAM_API_ROOT: optionalHttpUrl,
  TELEGRAM_ADMIN_CHAT_ID: optionalText.refine((value) => value === undefined || /^-?\d{1,20}$/.test(value), {
    message: 'TELEGRAM_ADMIN_CHAT_ID must be a Telegram chat id (an integer, negative for groups)',
  }),
});

/**
 * The bot: TELEGRAM_BOT_TOKEN (unset = no bot, config null), TELEGRAM_MODE (polling by default; webhook needs
 * TELEGRAM_WEBHOOK_SECRET), TELEGRAM_API_ROOT, TELEGRAM_ADMIN_CHAT_ID. Returns the problems instead of throwing.
 */
export function readTelegramConfig(env: NodeJS.ProcessEnv): ConfigRead<TelegramConfig | null> {
  return readEnv(envSchema, env, (e) => {
    if (e.TELEGRAM_MODE === 'webhook' && e.TELEGRAM_BOT_TOKEN && !e.TELEGRAM_WEBHOOK_SECRET) {
      return { ok: false, problems: ['TELEGRAM_WEBHOOK_SECRET: required when TELEGRAM_MODE is webhook'] };
    }
    if (!e.TELEGRAM_BOT_TOKEN) return { ok: true, config: null };
    return {
      ok: true,
      config: {
        botToken: e.TELEGRAM_BOT_TOKEN,
        mode: e.TELEGRAM_MODE ?? 'polling',
        webhookSecret: e.TELEGRAM_WEBHOOK_SECRET ?? null,
        apiRoot: (e.TELEGRAM_API_ROOT ?? 'https://api.telegram.org').replace(/\/+$/, ''),
        adminChatId: e.TELEGRAM_ADMIN_CHAT_ID === undefined ? null : Number(e.TELEGRAM_ADMIN_CHAT_ID),
      },
    };
  });
}
