import { useEffect, useRef } from 'react';
import { fallbackPollDue } from '../../../lib/realtime/realtimeSlice.ts';
import { useNotificationsDispatch, useNotificationsSelector, useSignedInWallet, useStoreServices } from '../hooks/useNotificationsStore.ts';
import { checkTelegramLink, notificationsSignedOut, refreshUnreadCount, telegramLinkGaveUp } from '../state/notificationsSlice.ts';

/** While the socket is down, the unread count is polled this often (and once after every reconnect). */
export const UNREAD_FALLBACK_POLL_MS = 10_000;
/** has-telegram is polled this often while the user links the bot… */
export const TELEGRAM_LINK_POLL_MS = 3000;
/** …for as long as the link code lives. */
export const TELEGRAM_LINK_WAIT_MS = 10 * 60_000;

/**
 * Always mounted (the background notification listener): loads the unread count when a token exists, polls
 * it only while realtime delivery is down, and follows a Telegram link in progress.
 */
export function NotificationsListener() {
  const dispatch = useNotificationsDispatch();
  const { getState } = useStoreServices();
  const wallet = useSignedInWallet();
  const waitingSince = useNotificationsSelector((state) => state.notifications.telegram.waitingSince);
  const lastPollRef = useRef(0);

  useEffect(() => {
    if (!wallet) {
      dispatch(notificationsSignedOut());
      return;
    }
    lastPollRef.current = Date.now();
    void dispatch(refreshUnreadCount());
    void dispatch(checkTelegramLink(wallet));
    const timer = setInterval(() => {
      if (!fallbackPollDue(getState(), lastPollRef.current)) return;
      lastPollRef.current = Date.now();
      void dispatch(refreshUnreadCount());
    }, UNREAD_FALLBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [dispatch, getState, wallet]);

  useEffect(() => {
    if (!wallet || waitingSince === null) return;
    const timer = setInterval(() => {
      if (Date.now() - waitingSince > TELEGRAM_LINK_WAIT_MS) dispatch(telegramLinkGaveUp());
      else void dispatch(checkTelegramLink(wallet));
    }, TELEGRAM_LINK_POLL_MS);
    return () => clearInterval(timer);
  }, [dispatch, wallet, waitingSince]);

  return null;
}
