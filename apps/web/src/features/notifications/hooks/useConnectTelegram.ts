import { useStore } from 'react-redux';
import { errorReason, unwrapApi } from '../../../lib/api/apiError.ts';
import { usePlatformConfigQuery } from '../../../lib/reference/platformApi.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { notificationsApi, readOnce } from '../api/notificationsApi.ts';
import { telegramLinkGaveUp, telegramLinkStarted } from '../state/notificationsSlice.ts';
import { useNotificationsDispatch, useNotificationsSelector, useSignedInWallet } from './useNotificationsStore.ts';

export const TELEGRAM_UNAVAILABLE = 'Telegram is not available right now. Please try again later.';
export const TELEGRAM_NOT_CONFIGURED = 'No Telegram bot is set up on this server.';

export function telegramBotUrl(botUsername: string, code: string): string {
  return `https://t.me/${encodeURIComponent(botUsername)}?start=${encodeURIComponent(code)}`;
}

export interface TelegramMenuState {
  label: 'Connect Telegram' | 'Connected';
  disabled: boolean;
  /** Why Connect Telegram cannot be used here (no bot configured), shown beside it. */
  reason: string | null;
  connect: () => void;
}

/**
 * Connect Telegram (account menu): GET /platform/telegram-code, then the bot opens in a new tab with
 * ?start=<code>; has-telegram is polled until the link exists, then the item reads 'Connected' (disabled).
 * The tab is opened during the click (browsers block pop-ups opened later) and pointed at the bot once the code is in.
 * When the server's config names no bot, the entry is disabled with the reason instead of opening a blank tab.
 */
export function useConnectTelegram(): TelegramMenuState {
  const dispatch = useNotificationsDispatch();
  const store = useStore();
  const wallet = useSignedInWallet();
  const linked = useNotificationsSelector((state) => state.notifications.telegram.linked);
  const { data: config } = usePlatformConfigQuery();
  // Until the config is in, the server's answer to the click decides (it explains a missing bot itself).
  const noBot = config !== undefined && !config.telegramBotUsername;

  const connect = () => {
    if (!wallet || linked || noBot) return;
    const tab = window.open('', '_blank');
    unwrapApi(dispatch(notificationsApi.endpoints.telegramCode.initiate(wallet, readOnce)))
      .then(({ code, botUsername }) => {
        // The server names its bot (TELEGRAM_BOT_USERNAME); without one there is nothing to open.
        if (!botUsername) throw new Error(TELEGRAM_UNAVAILABLE);
        const url = telegramBotUrl(botUsername, code);
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.open(url, '_blank', 'noopener');
        }
        dispatch(telegramLinkStarted(Date.now()));
      })
      .catch((error: unknown) => {
        tab?.close();
        dispatch(telegramLinkGaveUp());
        store.dispatch(showToast.error(errorReason(error) === TELEGRAM_UNAVAILABLE ? TELEGRAM_UNAVAILABLE : `Error: ${errorReason(error)}`));
      });
  };

  if (linked) return { label: 'Connected', disabled: true, reason: null, connect };
  if (noBot) return { label: 'Connect Telegram', disabled: true, reason: TELEGRAM_NOT_CONFIGURED, connect };
  return { label: 'Connect Telegram', disabled: !wallet, reason: null, connect };
}
