/** Support request and Telegram linking. */
import { SUPPORT_MESSAGE_TYPE, SUPPORT_RECEIVER } from './constants.ts';
import { buyerAndSeller, type DealParties } from './deal-roles.ts';

export interface SupportRequestPayload {
  readonly dealId: string;
  readonly buyerWallet: string | null;
  readonly sellerWallet: string | null;
  readonly orderUrl: string;
  readonly receiver: typeof SUPPORT_RECEIVER;
  readonly messageType: typeof SUPPORT_MESSAGE_TYPE;
}

/** POST /platform/call-tg-bot body: buyer = fiat side, seller = crypto side, receiver 'Admin'. */
export function supportRequestPayload(dealId: string | number, order: DealParties, orderUrl: string): SupportRequestPayload {
  const { buyerWallet, sellerWallet } = buyerAndSeller(order);
  return {
    dealId: String(dealId),
    buyerWallet,
    sellerWallet,
    orderUrl,
    receiver: SUPPORT_RECEIVER,
    messageType: SUPPORT_MESSAGE_TYPE,
  };
}

/** The bot link opened after GET /platform/telegram-code: start parameter = the code. */
export function telegramStartUrl(botUsername: string, code: string): string {
  return `https://t.me/${encodeURIComponent(botUsername.replace(/^@/, ''))}?start=${encodeURIComponent(code)}`;
}
