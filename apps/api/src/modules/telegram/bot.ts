import type { FastifyBaseLogger } from 'fastify';
import { Bot } from 'grammy';
import type { TelegramConfig } from './telegram-config.ts';
import type { Database } from '../../db/connect.ts';
import type { OutboundFetch } from '../../lib/outbound-http.ts';
import { botReplies } from './bot-replies.ts';
import { linkChatWithCode, unlinkChat } from './link-codes.ts';
import { telegramFetch } from './telegram-fetch.ts';

export interface BotDeps {
  db: Database;
  config: TelegramConfig;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The outbound client every Bot API call goes through. */
  fetch: OutboundFetch;
}

/** The bot: `/start <code>` links the chat to a wallet, `/stop` unlinks it; anything else gets the help text. */
export function createBot({ db, config, now, log, fetch }: BotDeps): Bot {
  const bot = new Bot(config.botToken, { client: { apiRoot: config.apiRoot, fetch: telegramFetch(fetch) } });

  bot.command('start', async (ctx) => {
    const code = ctx.match.trim();
    if (!code) {
      await ctx.reply(botReplies.startWithoutCode);
      return;
    }
    const result = await linkChatWithCode(db, code, { chatId: ctx.chat.id, username: ctx.from?.username ?? null }, now());
    if (result.linked) {
      log.info({ chatId: ctx.chat.id }, 'telegram chat linked');
      await ctx.reply(botReplies.linked(result.wallet));
    } else {
      await ctx.reply(result.reason === 'already_used' ? botReplies.alreadyUsed : botReplies.expired);
    }
  });

  bot.command('stop', async (ctx) => {
    const wallet = await unlinkChat(db, ctx.chat.id);
    await ctx.reply(wallet ? botReplies.stopped(wallet) : botReplies.notLinked);
  });

  bot.on('message', async (ctx) => {
    await ctx.reply(botReplies.help);
  });

  bot.catch((error) => {
    // Errors of Bot API calls can quote the request URL, which holds the token.
    log.error({ error: String(error.error).split(config.botToken).join('[bot token]'), updateId: error.ctx.update.update_id }, 'telegram update failed');
  });
  return bot;
}
