import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelay, RECONNECT_MAX_MS } from './backoff.ts';
import { FakeSocket } from './fakeSocket.ts';
import { PING_INTERVAL_MS, RealtimeConnection, realtimeUrl } from './realtimeConnection.ts';
import type { RealtimeStatus } from './realtimeSlice.ts';

const expiresAt = () => new Date(Date.now() + 15 * 60_000).toISOString();
const notification = {
  id: 7,
  kind: 'offer_claimed',
  title: 'Offer claimed',
  message: 'Bob claimed 40.00 USDC',
  orderId: 12,
  createdAt: '2030-01-01T00:00:00.000Z',
  isRead: false,
  readAt: null,
};

function setup(overrides: { token?: () => Promise<string | null>; refresh?: () => Promise<string | null> } = {}) {
  const statuses: RealtimeStatus[] = [];
  const events: unknown[] = [];
  const bans: string[] = [];
  const refresh = vi.fn(overrides.refresh ?? (async () => 'token-2'));
  const connection = new RealtimeConnection({
    origin: 'https://jelly.example',
    getToken: overrides.token ?? (async () => 'token-1'),
    refreshToken: refresh,
    onEvent: (event) => events.push(event),
    onStatus: (status) => statuses.push(status),
    onBanned: (reason) => bans.push(reason),
    createSocket: FakeSocket.factory,
    random: () => 0.5,
  });
  return { connection, statuses, events, refresh, bans };
}

/** Lets the token promise and the socket creation run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.created = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoff', () => {
  it('grows exponentially from 500 ms to a 30 s cap, jittered within the upper half of each step', () => {
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(0, () => 1)).toBe(500);
    expect(reconnectDelay(3, () => 0.5)).toBe(3000);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });
});

describe('RealtimeConnection', () => {
  it('connects to wss://host/api/realtime and sends the access token as its first message', async () => {
    expect(realtimeUrl('http://localhost:8080')).toBe('ws://localhost:8080/api/realtime');
    const { connection, statuses } = setup();
    connection.start();
    await settle();
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('wss://jelly.example/api/realtime');
    expect(statuses).toEqual(['connecting']);
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    socket.push({ type: 'ready', wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', expiresAt: expiresAt() });
    expect(statuses).toEqual(['connecting', 'open']);
    connection.stop();
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'Signed out' });
    expect(statuses.at(-1)).toBe('off');
  });

  it('forwards pushed events, ignores frames that break the contract, and pings', async () => {
    const { connection, events } = setup();
    connection.start();
    await settle();
    const socket = FakeSocket.latest();
    socket.open();
    socket.push({ type: 'ready', wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', expiresAt: expiresAt() });
    socket.push({ type: 'notification.created', notification });
    socket.push({ type: 'notification.created', notification: { ...notification, id: 'x' } });
    socket.onmessage?.({ data: 'not json' });
    socket.push({ type: 'order.status', orderId: 12, parentOrderId: 3, status: 8, changedAt: '2030-01-01T00:00:00.000Z' });
    socket.push({ type: 'deal.window', dealId: 12, paymentDeadline: '2030-01-01T00:45:00.000Z' });
    expect(events).toEqual([
      { type: 'notification.created', notification },
      { type: 'order.status', orderId: 12, parentOrderId: 3, status: 8, changedAt: '2030-01-01T00:00:00.000Z' },
      { type: 'deal.window', dealId: 12, paymentDeadline: '2030-01-01T00:45:00.000Z' },
    ]);
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping' });
    connection.stop();
  });

  it('subscribes to its rooms once ready, follows changes, and subscribes again after a reconnect', async () => {
    const { connection } = setup();
    connection.setRooms([5]);
    connection.start();
    await settle();
    let socket = FakeSocket.latest();
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    socket.push({ type: 'ready', wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', expiresAt: expiresAt() });
    expect(socket.sent.slice(1)).toEqual([{ type: 'subscribe', dealId: 5 }]);
    connection.setRooms([5, 6]);
    connection.setRooms([6]);
    expect(socket.sent.slice(2)).toEqual([
      { type: 'subscribe', dealId: 6 },
      { type: 'unsubscribe', dealId: 5 },
    ]);

    socket.drop();
    await vi.advanceTimersByTimeAsync(reconnectDelay(0, () => 0.5));
    socket = FakeSocket.latest();
    socket.open();
    socket.push({ type: 'ready', wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', expiresAt: expiresAt() });
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', dealId: 6 },
    ]);
    connection.stop();
  });

  it('subscribes to the swap chats on screen with their own frames (swap ids are not deal ids), also after a reconnect', async () => {
    const { connection } = setup();
    connection.setRooms([5]);
    connection.setSwapRooms([5]);
    connection.start();
    await settle();
    let socket = FakeSocket.latest();
    socket.open();
    socket.push({ type: 'ready', wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', expiresAt: expiresAt() });
    expect(socket.sent.slice(1)).toEqual([
      { type: 'subscribe', dealId: 5 },
      { type: 'subscribe.swap', swapId: 5 },
    ]);
    connection.setSwapRooms([5, 7]);
    connection.setSwapRooms([7]);
    expect(socket.sent.slice(3)).toEqual([
      { type: 'subscribe.swap', swapId: 7 },
      { type: 'unsubscribe.swap', swapId: 5 },
    ]);

    socket.drop();
    await vi.advanceTimersByTimeAsync(reconnectDelay(0, () => 0.5));
    socket = FakeSocket.latest();
    socket.open();
    socket.push({ type: 'ready', wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', expiresAt: expiresAt() });
    expect(socket.sent.slice(1)).toEqual([
      { type: 'subscribe', dealId: 5 },
      { type: 'subscribe.swap', swapId: 7 },
    ]);
    connection.stop();
  });

  it('reconnects with growing delays while the server is away, and reports down meanwhile', async () => {
    const { connection, statuses } = setup();
    connection.start();
    await settle();
    FakeSocket.latest().drop();
    expect(statuses).toEqual(['connecting', 'down']);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const before = FakeSocket.created.length;
      await vi.advanceTimersByTimeAsync(reconnectDelay(attempt, () => 0.5) - 1);
      expect(FakeSocket.created).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.created).toHaveLength(before + 1);
      FakeSocket.latest().drop();
    }
    const socket = FakeSocket.created.at(-1);
    await vi.advanceTimersByTimeAsync(reconnectDelay(4, () => 0.5));
    FakeSocket.latest().open();
    FakeSocket.latest().push({ type: 'ready', wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', expiresAt: expiresAt() });
    expect(FakeSocket.latest()).not.toBe(socket);
    expect(statuses.at(-1)).toBe('open');
    connection.stop();
  });

  it('refreshes the token when the server refuses it (4401), then reconnects with the new one', async () => {
    let token = 'old';
    const { connection, refresh } = setup({
      token: async () => token,
      refresh: async () => {
        token = 'fresh';
        return token;
      },
    });
    connection.start();
    await settle();
    FakeSocket.latest().open();
    FakeSocket.latest().drop(4401, 'Access token expired');
    await settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(reconnectDelay(0, () => 0.5));
    FakeSocket.latest().open();
    expect(FakeSocket.latest().sent).toEqual([{ type: 'auth', token: 'fresh' }]);
    connection.stop();
  });

  it("a wallet whose slots a dead replica still holds (4503, 'Reconnecting…'): reconnects without a new token", async () => {
    const { connection, refresh, statuses } = setup();
    connection.start();
    await settle();
    FakeSocket.latest().open();
    FakeSocket.latest().drop(4503, 'Reconnecting…');
    await settle();
    expect(statuses.at(-1)).toBe('down');
    await vi.advanceTimersByTimeAsync(reconnectDelay(0, () => 0.5));
    expect(FakeSocket.created).toHaveLength(2);
    expect(refresh).not.toHaveBeenCalled();
    connection.stop();
  });

  it('a banned wallet (4403): reports the reason and never reconnects', async () => {
    const { connection, refresh, bans, statuses } = setup();
    connection.start();
    await settle();
    FakeSocket.latest().open();
    FakeSocket.latest().drop(4403, 'Wallet banned: Fake receipts');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(bans).toEqual(['Wallet banned: Fake receipts']);
    expect(refresh).not.toHaveBeenCalled();
    expect(FakeSocket.created).toHaveLength(1);
    expect(statuses.at(-1)).toBe('off');
  });

  it('re-authenticates on the open socket before the token expires', async () => {
    let token = 'first';
    const { connection } = setup({ token: async () => token });
    connection.start();
    await settle();
    const socket = FakeSocket.latest();
    socket.open();
    socket.push({ type: 'ready', wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', expiresAt: new Date(Date.now() + 60_000).toISOString() });
    token = 'second';
    await vi.advanceTimersByTimeAsync(30_000);
    expect(socket.sent.at(-1)).toEqual({ type: 'auth', token: 'second' });
    expect(FakeSocket.created).toHaveLength(1);
    connection.stop();
  });

  it('waits without a token (signed out meanwhile) and stops for good on stop()', async () => {
    let token: string | null = null;
    const { connection, statuses } = setup({ token: async () => token });
    connection.start();
    await settle();
    expect(FakeSocket.created).toHaveLength(0);
    expect(statuses).toEqual(['connecting', 'down']);
    token = 'now';
    await vi.advanceTimersByTimeAsync(reconnectDelay(0, () => 0.5));
    expect(FakeSocket.created).toHaveLength(1);
    connection.stop();
    FakeSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.created).toHaveLength(1);
  });
});
