import type { OrderStatus } from '@jelly/domain';
import { API_PREFIX, REALTIME_PATH, realtimeServerMessage } from '@jelly/contracts';
import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import type { ThunkExtra } from '../../../lib/api/thunkExtra.ts';

/** The subset of WebSocket the hook uses, so tests can hand in an in-memory socket. */
export interface PushSocket {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(): void;
}

export type OpenPushSocket = (url: string) => PushSocket;

export const openBrowserSocket: OpenPushSocket = (url) => new WebSocket(url);

/** Wait before reconnecting a dropped socket (polling keeps the page current meanwhile). */
export const PUSH_RECONNECT_MS = 5000;

export interface DealStatusPushOptions {
  orderId: number;
  enabled: boolean;
  /** The deal's status changed on the server (or the server may have missed events: status null). */
  onChange: (status: OrderStatus | null) => void;
  openSocket?: OpenPushSocket;
}

/**
 * Live deal status over the API's WebSocket (GET /api/realtime): the server pushes `order.status` to both parties
 * the moment the chain moves the deal, so the counterparty's screen updates at once; the 5 s polling stays as the
 * fallback (and covers a socket that cannot connect).
 */
export function useDealStatusPush({ orderId, enabled, onChange, openSocket = openBrowserSocket }: DealStatusPushOptions): void {
  const { apiClient } = (useStore() as unknown as { extra: ThunkExtra }).extra;
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let socket: PushSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const connect = async () => {
      const token = await apiClient.validToken().catch(() => null);
      if (stopped || !token) return;
      const url = new URL(`${API_PREFIX}${REALTIME_PATH}`, apiClient.baseUrl);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      const current = openSocket(url.href);
      socket = current;
      current.onopen = () => current.send(JSON.stringify({ type: 'auth', token }));
      current.onmessage = (event) => {
        let parsed;
        try {
          parsed = realtimeServerMessage.safeParse(JSON.parse(String(event.data)));
        } catch {
          return;
        }
        if (!parsed.success) return;
        const message = parsed.data;
        if (message.type === 'order.status' && message.orderId === orderId) onChangeRef.current(message.status);
        else if (message.type === 'resync') onChangeRef.current(null);
      };
      current.onclose = () => {
        if (!stopped) retry = setTimeout(() => void connect(), PUSH_RECONNECT_MS);
      };
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [enabled, orderId, apiClient, openSocket]);
}
