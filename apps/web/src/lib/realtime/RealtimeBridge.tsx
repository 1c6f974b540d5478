import type { RealtimeEvent } from '@jelly/contracts';
import { useEffect, useRef } from 'react';
import { shallowEqual, useSelector } from 'react-redux';
import { useServicesStore, useSignedInWallet, walletBanned } from '../session/session.ts';
import { showToast } from '../toasts/toastsSlice.ts';
import { activeChatRooms, activeSwapChatRooms, applyChatMessage, applyDealWindow, applyJellyNotification, applyJellyUpdated, applyOrderStatus, applyPayoutWaitNotification, applySupportCaseNotification, applySwapUpdated } from './cacheUpdates.ts';
import { RealtimeConnection, type SocketFactory } from './realtimeConnection.ts';
import { realtimeEventReceived, realtimeStatusChanged } from './realtimeSlice.ts';

export interface RealtimeBridgeProps {
  /** Tests pass a fake WebSocket. */
  createSocket?: SocketFactory;
}

/**
 * Always mounted: while a wallet is signed in, keeps the realtime socket open and applies what it pushes — the
 * event goes to the store (the notifications feature counts it), a notification also shows a toast, chat messages
 * join the open chat's cache, status changes refetch the deal. The chats on screen are the rooms it subscribes to.
 */
export function RealtimeBridge({ createSocket }: RealtimeBridgeProps) {
  const store = useServicesStore();
  const wallet = useSignedInWallet();
  const rooms = useSelector(activeChatRooms, shallowEqual);
  const roomsRef = useRef(rooms);
  const swapRooms = useSelector(activeSwapChatRooms, shallowEqual);
  const swapRoomsRef = useRef(swapRooms);
  const connectionRef = useRef<RealtimeConnection | null>(null);

  // Declared first: the connection below starts with the rooms as they are now.
  useEffect(() => {
    roomsRef.current = rooms;
    connectionRef.current?.setRooms(rooms);
  }, [rooms]);

  useEffect(() => {
    swapRoomsRef.current = swapRooms;
    connectionRef.current?.setSwapRooms(swapRooms);
  }, [swapRooms]);

  useEffect(() => {
    if (!wallet) return;
    const { apiClient } = store.extra;
    const onEvent = (event: RealtimeEvent) => {
      store.dispatch(realtimeEventReceived(event));
      if (event.type === 'notification.created') {
        const { title, message, createdAt } = event.notification;
        store.dispatch(showToast.notification(title, message, createdAt));
        applyJellyNotification(store.dispatch, event);
        applyPayoutWaitNotification(store.dispatch, event);
        applySupportCaseNotification(store.dispatch, event);
      } else if (event.type === 'chat.message') {
        applyChatMessage(store.dispatch, event);
      } else if (event.type === 'deal.window') {
        applyDealWindow(store.dispatch, event);
      } else if (event.type === 'order.status') {
        applyOrderStatus(store.dispatch, event);
      } else if (event.type === 'swap.updated') {
        applySwapUpdated(store.dispatch, event);
      } else {
        applyJellyUpdated(store.dispatch, event);
      }
    };
    const connection = new RealtimeConnection({
      origin: window.location.origin,
      getToken: () => apiClient.validToken(),
      refreshToken: async () => (await apiClient.refresh()).token,
      onEvent,
      onStatus: (status) => store.dispatch(realtimeStatusChanged({ status, at: Date.now() })),
      // Events may have been missed: a fresh "opened" moment makes every fallback poller catch up once.
      onResync: () => store.dispatch(realtimeStatusChanged({ status: 'open', at: Date.now() })),
      // Banned: say why, then end the session here too (the server revoked the refresh token, so the refresh is
      // refused and the client signs out), and do not sign the wallet in again by itself.
      onBanned: (reason) => {
        store.dispatch(walletBanned(wallet));
        store.dispatch(showToast.error(reason || 'This wallet is banned'));
        void apiClient.refresh();
      },
      ...(createSocket ? { createSocket } : {}),
    });
    connection.setRooms(roomsRef.current);
    connection.setSwapRooms(swapRoomsRef.current);
    connection.start();
    connectionRef.current = connection;
    return () => {
      connection.stop();
      connectionRef.current = null;
    };
  }, [store, wallet, createSocket]);

  return null;
}
