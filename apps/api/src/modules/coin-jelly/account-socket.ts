/**
 * Solana account subscriptions over one WebSocket (accountSubscribe / accountNotification), written for the deposit
 * watcher because web3.js's Connection does not say when a subscription is live: `subscribe` here resolves only once
 * the node has acknowledged it, so the watcher knows from when a deposit is seen by the socket. A lost connection
 * reconnects with back-off, re-subscribes every account and calls `onReconnect` (the watcher then rescans).
 */
import WebSocket from 'ws';

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

export class AccountSocket {
  private socket: WebSocket | null = null;
  private opening: Promise<WebSocket> | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** account → its callback, and the node's subscription id while connected. */
  private readonly accounts = new Map<string, { onChange: () => void; subscription: number | null }>();
  private readonly bySubscription = new Map<number, string>();
  private closed = false;
  private retryMs = 250;

  constructor(
    private readonly url: string,
    private readonly onReconnect: () => void,
  ) {}

  private open(): Promise<WebSocket> {
    if (this.socket?.readyState === WebSocket.OPEN) return Promise.resolve(this.socket);
    this.opening ??= new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(this.url);
      socket.once('open', () => {
        this.socket = socket;
        this.opening = null;
        this.retryMs = 250;
        resolve(socket);
      });
      socket.once('error', (error) => {
        this.opening = null;
        reject(error);
      });
      socket.on('message', (data) => this.receive(String(data)));
      socket.on('close', () => this.lost(socket));
    });
    return this.opening;
  }

  private receive(text: string): void {
    let message: { id?: number; result?: unknown; error?: { message?: string }; method?: string; params?: { subscription?: number } };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.id !== undefined) {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message ?? 'request refused'));
      else waiter?.resolve(message.result);
      return;
    }
    if (message.method === 'accountNotification' && message.params?.subscription !== undefined) {
      const account = this.bySubscription.get(message.params.subscription);
      if (account) this.accounts.get(account)?.onChange();
    }
  }

  private lost(socket: WebSocket): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.bySubscription.clear();
    for (const entry of this.accounts.values()) entry.subscription = null;
    for (const waiter of this.pending.values()) waiter.reject(new Error('socket closed'));
    this.pending.clear();
    if (this.closed) return;
    const retry = () => {
      if (this.closed) return;
      this.resubscribeAll()
        .then(() => this.onReconnect())
        .catch(() => {
          this.retryMs = Math.min(this.retryMs * 2, 10_000);
          setTimeout(retry, this.retryMs).unref();
        });
    };
    setTimeout(retry, this.retryMs).unref();
  }

  private async request(socket: WebSocket, method: string, params: unknown[]): Promise<unknown> {
    const id = this.nextId++;
    const answer = new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return answer;
  }

  private async subscribeOn(socket: WebSocket, account: string): Promise<void> {
    const subscription = await this.request(socket, 'accountSubscribe', [account, { commitment: 'confirmed', encoding: 'base64' }]);
    if (typeof subscription !== 'number') throw new Error('accountSubscribe answered without a subscription id');
    const entry = this.accounts.get(account);
    if (!entry) return;
    entry.subscription = subscription;
    this.bySubscription.set(subscription, account);
  }

  private async resubscribeAll(): Promise<void> {
    const socket = await this.open();
    await Promise.all([...this.accounts.keys()].map((account) => this.subscribeOn(socket, account)));
  }

  /** Resolves once the node confirmed the subscription. */
  async subscribe(account: string, onChange: () => void): Promise<void> {
    if (this.closed) return;
    this.accounts.set(account, { onChange, subscription: null });
    await this.subscribeOn(await this.open(), account);
  }

  unsubscribe(account: string): void {
    const entry = this.accounts.get(account);
    this.accounts.delete(account);
    if (entry?.subscription == null || this.socket?.readyState !== WebSocket.OPEN) return;
    this.bySubscription.delete(entry.subscription);
    void this.request(this.socket, 'accountUnsubscribe', [entry.subscription]).catch(() => undefined);
  }

  /** Drops the connection as a network fault would (tests); it reconnects by itself. */
  drop(): void {
    this.socket?.terminate();
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.accounts.clear();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
      });
    }
  }
}
