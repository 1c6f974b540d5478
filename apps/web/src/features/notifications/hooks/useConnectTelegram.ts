import { useStore } from 'react-redux';
import { errorReason, unwrapApi } from '../../../lib/api/apiError.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { notificationsApi, readOnce } from '../api/notificationsApi.ts';
import { telegramLinkGaveUp, telegramLinkStarted } from '../state/notificationsSlice.ts';
import { useNotificationsDispatch, useNotificationsSelector, useSignedInWallet } from './useNotificationsStore.ts';

export const TELEGRAM_UNAVAILABLE = 'Telegram is not available right now. Please try again later.';

export function telegramBotUrl(botUsername: string, code: string): string {
  return `https://t.me/${encodeURIComponent(botUsername)}?start=${encodeURIComponent(code)}`;
}

export interface TelegramMenuState {
  label: 'Connect Telegram' | 'Connected';
  disabled: boolean;
  connect: () => void;
}

/**
 * Connect Telegram (account menu): GET /platform/telegram-code, then the bot opens in a new tab with
 * ?start=<code>; has-telegram is polled until the link exists, then the item reads 'Connected' (disabled).
 * The tab is opened during the click (browsers block pop-ups opened later) and pointed at the bot once the code is in.
 */
export function useConnectTelegram(): TelegramMenuState {
  const dispatch = useNotificationsDispatch();
  const store = useStore();
  const wallet = useSignedInWallet();
  const linked = useNotificationsSelector((state) => state.notifications.telegram.linked);

  const connect = () => {
    if (!wallet || linked) return;
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

  return linked ? { label: 'Connected', disabled: true, connect } : { label: 'Connect Telegram', disabled: !wallet, connect };
}
