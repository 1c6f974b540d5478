import {
  API_PREFIX,
  REALTIME_PATH,
  realtimeCloseCodes,
  realtimeServerMessage,
  type RealtimeClientMessage,
  type RealtimeEvent,
} from '@jelly/contracts';
import { reconnectDelay } from './backoff.ts';
import type { RealtimeStatus } from './realtimeSlice.ts';

/** The part of the browser WebSocket the connection uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export interface RealtimeConnectionOptions {
  /** Page origin (http(s)://host); the socket goes to ws(s)://host/api/realtime. */
  origin: string;
  /** A valid access token (refreshed first when near expiry), or null when signed out. */
  getToken: () => Promise<string | null>;
  /** Forces a refresh after the server refused the token; resolves with the new one, or null. */
  refreshToken: () => Promise<string | null>;
  onEvent: (event: RealtimeEvent) => void;
  onStatus: (status: RealtimeStatus) => void;
  /** The server may have missed events: refetch what is on screen. */
  onResync?: () => void;
  /** The server closed the socket because the wallet is banned (its reason follows); the connection stops for good. */
  onBanned?: (reason: string) => void;
  createSocket?: SocketFactory;
  random?: () => number;
  now?: () => number;
}

const OPEN = 1;
/** Application-level keepalive (proxies close idle sockets). */
export const PING_INTERVAL_MS = 25_000;
/** Re-authenticate this long before the token expires. */
const REAUTH_BEFORE_MS = 30_000;

export function realtimeUrl(origin: string): string {
  const url = new URL(`${API_PREFIX}${REALTIME_PATH}`, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/**
 * One realtime socket for the signed-in user: authenticates with the access token as its first message, keeps the
 * deal rooms it was given, pings, re-authenticates before the token expires, and reconnects with exponential
 * backoff and jitter whenever the socket drops (a refused token is refreshed first).
 */
export class RealtimeConnection {
  private socket: SocketLike | null = null;
  private stopped = true;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private reauthTimer: ReturnType<typeof setTimeout> | null = null;
  private rooms = new Set<number>();
  private swapRooms = new Set<number>();
  private ready = false;
  private status: RealtimeStatus = 'off';
  /** Bumped by start/stop, so a connect still waiting for its token knows it is stale. */
  private generation = 0;

  constructor(private readonly options: RealtimeConnectionOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.generation += 1;
    this.attempt = 0;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.generation += 1;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'Signed out');
    }
    this.setStatus('off');
  }

  /** The deal rooms this client is viewing; subscriptions follow (also after a reconnect). */
  setRooms(dealIds: Iterable<number>): void {
    const next = new Set(dealIds);
    if (this.ready) {
      for (const id of next) if (!this.rooms.has(id)) this.send({ type: 'subscribe', dealId: id });
      for (const id of this.rooms) if (!next.has(id)) this.send({ type: 'unsubscribe', dealId: id });
    }
    this.rooms = next;
  }

  /** The swap chats this client is viewing (deal and swap ids are separate sequences, hence their own frames). */
  setSwapRooms(swapIds: Iterable<number>): void {
    const next = new Set(swapIds);
    if (this.ready) {
      for (const id of next) if (!this.swapRooms.has(id)) this.send({ type: 'subscribe.swap', swapId: id });
      for (const id of this.swapRooms) if (!next.has(id)) this.send({ type: 'unsubscribe.swap', swapId: id });
    }
    this.swapRooms = next;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const generation = this.generation;
    this.setStatus('connecting');
    const token = await this.options.getToken().catch(() => null);
    if (this.stopped || generation !== this.generation) return;
    if (!token) {
      this.scheduleReconnect();
      return;
    }
    let socket: SocketLike;
    try {
      socket = (this.options.createSocket ?? browserSocket)(realtimeUrl(this.options.origin));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token } satisfies RealtimeClientMessage));
    socket.onmessage = (event) => this.onMessage(socket, event.data);
    socket.onerror = () => {};
    socket.onclose = (event) => this.onClose(socket, event.code, event.reason);
  }

  private onMessage(socket: SocketLike, data: unknown): void {
    if (socket !== this.socket || typeof data !== 'string') return;
    let parsed;
    try {
      parsed = realtimeServerMessage.safeParse(JSON.parse(data));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'ready': {
        const firstReady = !this.ready;
        this.ready = true;
        this.attempt = 0;
        this.scheduleReauth(Date.parse(message.expiresAt));
        if (firstReady) {
          for (const id of this.rooms) this.send({ type: 'subscribe', dealId: id });
          for (const id of this.swapRooms) this.send({ type: 'subscribe.swap', swapId: id });
          this.startPing();
          this.setStatus('open');
        }
        return;
      }
      case 'notification.created':
      case 'chat.message':
      case 'order.status':
      case 'deal.window':
        this.options.onEvent(message);
        return;
      case 'resync':
        this.options.onResync?.();
        return;
      default:
        return;
    }
  }

  private onClose(socket: SocketLike, code: number, reason = ''): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.ready = false;
    this.clearTimers();
    if (this.stopped) return;
    if (code === realtimeCloseCodes.banned) {
      // A banned wallet's session is over: reconnecting would only be refused again.
      this.stop();
      this.options.onBanned?.(reason);
      return;
    }
    this.setStatus('down');
    if (code === realtimeCloseCodes.unauthorized) {
      // The token was refused (expired, revoked): refresh it before trying again.
      void this.options.refreshToken().catch(() => null).finally(() => this.scheduleReconnect());
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    if (this.status !== 'down') this.setStatus('down');
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
  }

  private scheduleReauth(expiresAt: number): void {
    if (this.reauthTimer) clearTimeout(this.reauthTimer);
    if (!Number.isFinite(expiresAt)) return;
    const now = this.options.now?.() ?? Date.now();
    const wait = Math.max(1000, expiresAt - now - REAUTH_BEFORE_MS);
    this.reauthTimer = setTimeout(() => {
      this.reauthTimer = null;
      void this.options.getToken().then((token) => {
        if (token && this.ready) this.send({ type: 'auth', token });
      });
    }, Math.min(wait, 2 ** 31 - 1));
  }

  private startPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_INTERVAL_MS);
  }

  private send(message: RealtimeClientMessage): void {
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus(status);
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.reauthTimer) clearTimeout(this.reauthTimer);
    this.reconnectTimer = null;
    this.pingTimer = null;
    this.reauthTimer = null;
  }
}

function browserSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}
