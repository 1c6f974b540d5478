import { realtimeServerMessage, type RealtimeServerMessage } from '@jelly/contracts';
import WebSocket from 'ws';

type Waiter = { match: (m: RealtimeServerMessage) => boolean; resolve: (m: RealtimeServerMessage) => void };

/**
 * A WebSocket client for tests: every frame is checked against the contract; `next` waits for the first
 * not-yet-taken message matching a predicate (including ones that already arrived).
 */
export class RealtimeTestClient {
  readonly received: RealtimeServerMessage[] = [];
  private readonly unread: RealtimeServerMessage[] = [];
  private readonly waiters = new Set<Waiter>();
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = realtimeServerMessage.parse(JSON.parse(data.toString()));
      this.received.push(message);
      for (const waiter of this.waiters) {
        if (waiter.match(message)) {
          this.waiters.delete(waiter);
          waiter.resolve(message);
          return;
        }
      }
      this.unread.push(message);
    });
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens a socket to `${baseUrl}/api/realtime`; with `token`, authenticates by first message and waits for ready. */
  static async connect(baseUrl: string, options: { token?: string; query?: string } = {}): Promise<RealtimeTestClient> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/api/realtime${options.query ?? ''}`;
    const socket = new WebSocket(url);
    const client = new RealtimeTestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    if (options.token) {
      client.send({ type: 'auth', token: options.token });
      await client.next((m) => m.type === 'ready');
    }
    return client;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  next<T extends RealtimeServerMessage['type']>(
    type: T,
    predicate?: (m: Extract<RealtimeServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<RealtimeServerMessage, { type: T }>>;
  next(match: (m: RealtimeServerMessage) => boolean, timeoutMs?: number): Promise<RealtimeServerMessage>;
  next(
    typeOrMatch: string | ((m: RealtimeServerMessage) => boolean),
    predicateOrTimeout?: ((m: never) => boolean) | number,
    maybeTimeout?: number,
  ): Promise<RealtimeServerMessage> {
    const match =
      typeof typeOrMatch === 'function'
        ? typeOrMatch
        : (m: RealtimeServerMessage) =>
            m.type === typeOrMatch && (typeof predicateOrTimeout !== 'function' || (predicateOrTimeout as (m: RealtimeServerMessage) => boolean)(m));
    // A wait for a message that is coming: it ends as soon as the message does, so its limit only bounds a broken run.
    // 3 s was a wall-clock window a busy machine outlasted (a payout's send and confirmation take longer under load).
    const timeoutMs = (typeof predicateOrTimeout === 'number' ? predicateOrTimeout : maybeTimeout) ?? 20_000;
    const index = this.unread.findIndex(match);
    if (index >= 0) return Promise.resolve(this.unread.splice(index, 1)[0] as RealtimeServerMessage);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { match, resolve };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no matching realtime message within ${timeoutMs} ms; received: ${JSON.stringify(this.received)}`));
      }, timeoutMs);
      waiter.resolve = (m) => {
        clearTimeout(timer);
        resolve(m);
      };
      this.waiters.add(waiter);
    });
  }

  /** Messages that arrived and nobody took (to assert that nothing else was pushed). */
  pending(): RealtimeServerMessage[] {
    return [...this.unread];
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    this.socket.close();
    await this.closed;
  }
}
