import type { TelegramCodeResponse } from '@jelly/contracts';
import type { SharedConfig } from '../../shared-config.ts';
import type { TelegramConfig } from './telegram-config.ts';
import type { Database } from '../../db/connect.ts';
import { AppError, forbidden } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { hasLinkedChat, issueLinkCode } from './link-codes.ts';

export interface LinkTelegramDeps {
  db: Database;
  config: Pick<SharedConfig, 'telegramBotUsername' | 'now'> & { telegram: TelegramConfig | null };
}

function requireSelf(user: AuthUser, wallet: string, allowAdmin: boolean): void {
  if (user.wallet !== wallet && !(allowAdmin && user.isAdmin)) throw forbidden('You can only do this for your own wallet.');
}

/** GET /platform/telegram-code — a link code for the caller's own wallet; 503 when no bot is configured. */
export async function telegramLinkCode({ db, config }: LinkTelegramDeps, user: AuthUser, wallet: string): Promise<TelegramCodeResponse> {
  requireSelf(user, wallet, false);
  if (!config.telegram) throw new AppError('SERVICE_UNAVAILABLE', 'Telegram notifications are not configured on this server.');
  const issued = await issueLinkCode(db, wallet, config.now());
  return { code: issued.code, expiresAt: issued.expiresAt.toISOString(), botUsername: config.telegramBotUsername };
}

/** GET /platform/has-telegram/{wallet} — whether the wallet has a linked chat (the wallet itself or an admin). */
export async function hasTelegram(db: Database, user: AuthUser, wallet: string): Promise<boolean> {
  requireSelf(user, wallet, true);
  return hasLinkedChat(db, wallet);
}
