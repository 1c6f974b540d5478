import { orderStatusLabel, shortenWallet } from '@jelly/domain';
import type { SharedConfig } from '../../shared-config.ts';
import type { TelegramConfig } from './telegram-config.ts';
import type { Database } from '../../db/connect.ts';
import type { SupportNotice, SupportNotifier } from '../support/index.ts';
import { enqueueTelegram } from './outbox.ts';

/** The admins' message for a support request (plain text). */
export function supportRequestText(notice: SupportNotice): string {
  const who = (wallet: string | null) => (wallet ? shortenWallet(wallet) : 'unknown');
  return [
    `Support request on deal #${notice.orderId}`,
    '',
    `From: ${notice.requesterWallet}`,
    `Buyer (fiat side): ${who(notice.buyerWallet)}`,
    `Seller (crypto side): ${who(notice.sellerWallet)}`,
    notice.statusBefore === notice.status
      ? `Status: ${orderStatusLabel(notice.status)} (a case on an ended deal: its tokens cannot move)`
      : `Status: ${orderStatusLabel(notice.statusBefore)} → ${orderStatusLabel(notice.status)}`,
    ...(notice.message ? [`Words: ${notice.message}`] : []),
    `Chat: ${notice.orderUrl}`,
  ].join('\n');
}

/**
 * Posts support requests to TELEGRAM_ADMIN_CHAT_ID through the outbox: the request returns at once, the message is
 * delivered (with retries) after it. `notify` answers true once the message is durably queued; false when no
 * admin chat is configured (the request then waits in the database for an admin to look).
 */
export function telegramSupportNotifier(db: Database, config: Pick<SharedConfig, 'now'> & { telegram: TelegramConfig | null }): SupportNotifier {
  return {
    notify: async (notice) => {
      const chatId = config.telegram?.adminChatId ?? null;
      if (chatId === null) return false;
      await enqueueTelegram(db, {
        chatId,
        text: supportRequestText(notice),
        buttonText: 'Open the admin chat',
        buttonUrl: `/admin/orders/${notice.orderId}`,
        now: config.now(),
      });
      return true;
    },
  };
}
