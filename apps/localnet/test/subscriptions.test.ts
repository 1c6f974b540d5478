import { Keypair, LAMPORTS_PER_SOL, type AccountInfo, type Logs, type SlotInfo } from '@solana/web3.js';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestLocalnet, type TestLocalnet } from './helpers.ts';

function nextValue<T>(register: (resolve: (value: T) => void) => void, timeoutMs = 5_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no notification in time')), timeoutMs);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** A raw PubSub client: send requests, collect every message. */
async function openSocket(url: string): Promise<{ socket: WebSocket; messages: unknown[]; request(method: string, params?: unknown): Promise<Record<string, unknown>> }> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const messages: unknown[] = [];
  let id = 0;
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as Record<string, unknown>;
    messages.push(message);
    if (typeof message.id === 'number') waiting.get(message.id)?.(message);
  });
  return {
    socket,
    messages,
    request: (method, params) =>
      new Promise((resolve) => {
        id += 1;
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      }),
  };
}

describe('WebSocket subscriptions', () => {
  let test: TestLocalnet;
  /** web3.js subscribes in the background: wait until the server holds the test's one subscription. */
  const registered = () => vi.waitFor(() => expect(test.localnet.subscriptionCount()).toBe(1), { timeout: 5_000 });
  // Each test starts with no subscription left over (web3.js unsubscribes in the background too).
  beforeEach(async () => {
    await vi.waitFor(() => expect(test.localnet.subscriptionCount()).toBe(0), { timeout: 5_000 });
  });
  beforeAll(async () => {
    test = await startTestLocalnet();
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('notifies account changes to onAccountChange', async () => {
    const wallet = Keypair.generate().publicKey;
    let subscription = 0;
    const changed = nextValue<AccountInfo<Buffer>>((resolve) => {
      subscription = test.connection.onAccountChange(wallet, resolve, { commitment: 'confirmed' });
    });
    await registered();
    await test.localnet.faucet(wallet, { sol: 3n * BigInt(LAMPORTS_PER_SOL) });
    expect((await changed).lamports).toBe(3 * LAMPORTS_PER_SOL);
    await test.connection.removeAccountChangeListener(subscription);
  });

  it('notifies logs that mention an address to onLogs', async () => {
    const wallet = Keypair.generate().publicKey;
    let subscription = 0;
    const logs = nextValue<Logs>((resolve) => {
      subscription = test.connection.onLogs(wallet, resolve, 'confirmed');
    });
    await registered();
    const signature = await test.localnet.faucet(wallet, { usdc: 1n });
    const received = await logs;
    expect(received.signature).toBe(signature);
    expect(received.err).toBeNull();
    expect(received.logs.some((line) => line.startsWith('Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'))).toBe(true);
    await test.connection.removeOnLogsListener(subscription);
  });

  it('notifies new slots to onSlotChange', async () => {
    let subscription = 0;
    const slot = nextValue<SlotInfo>((resolve) => {
      subscription = test.connection.onSlotChange(resolve);
    });
    await registered();
    const before = await test.connection.getSlot();
    await test.localnet.faucet(Keypair.generate().publicKey, { sol: BigInt(LAMPORTS_PER_SOL) });
    expect(await slot).toEqual({ parent: before, root: before + 1, slot: before + 1 });
    await test.connection.removeSlotChangeListener(subscription);
  });

  it('notifies a signature subscription made after the transaction landed, then ends it', async () => {
    const signature = await test.localnet.faucet(Keypair.generate().publicKey, { sol: BigInt(LAMPORTS_PER_SOL) });
    const client = await openSocket(test.localnet.wsUrl);
    const subscribed = await client.request('signatureSubscribe', [signature, { commitment: 'finalized' }]);
    const id = subscribed.result as number;
    await vi.waitFor(() => expect(client.messages.some((message) => (message as { method?: string }).method === 'signatureNotification')).toBe(true));
    const notification = client.messages.find((message) => (message as { method?: string }).method === 'signatureNotification');
    expect(notification).toEqual({
      jsonrpc: '2.0',
      method: 'signatureNotification',
      params: { result: { context: { slot: expect.any(Number) }, value: { err: null } }, subscription: id },
    });
    // the subscription is gone after its notification
    const unsubscribe = await client.request('signatureUnsubscribe', [id]);
    expect((unsubscribe.error as { message: string }).message).toBe('Invalid subscription id.');
    client.socket.close();
  });

  it('unsubscribes, ignores notifications such as web3.js heartbeats, and refuses HTTP methods', async () => {
    const client = await openSocket(test.localnet.wsUrl);
    const slot = await client.request('slotSubscribe');
    expect(await client.request('slotUnsubscribe', [slot.result])).toMatchObject({ result: true });
    client.socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'ping' }));
    const getSlot = await client.request('getSlot');
    expect(getSlot.error).toEqual({ code: -32601, message: 'Method not found' });
    const badFilter = await client.request('logsSubscribe', [{ mentions: [Keypair.generate().publicKey.toBase58(), Keypair.generate().publicKey.toBase58()] }]);
    expect((badFilter.error as { code: number }).code).toBe(-32602);
    await test.localnet.faucet(Keypair.generate().publicKey, { sol: BigInt(LAMPORTS_PER_SOL) });
    // Notifications for the landed transaction go out before the answer to a later request on the same socket.
    await client.request('slotUnsubscribe', [0]);
    // only the five responses (four + the barrier): no notification for the ping, none after unsubscribing
    expect(client.messages).toHaveLength(5);
    client.socket.close();
  });

  it('notifies program account changes with filters', async () => {
    const owner = Keypair.generate().publicKey;
    const client = await openSocket(test.localnet.wsUrl);
    const subscribed = await client.request('programSubscribe', [
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      { encoding: 'jsonParsed', filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: owner.toBase58() } }] },
    ]);
    await test.localnet.faucet(owner, { usdt: 9n });
    await test.localnet.faucet(Keypair.generate().publicKey, { usdt: 9n });
    // Notifications for the landed transactions go out before the answer to a later request on the same socket.
    await client.request('slotUnsubscribe', [0]);
    const notifications = client.messages.filter((message) => (message as { method?: string }).method === 'programNotification') as {
      params: { subscription: number; result: { value: { account: { data: { parsed: { info: { owner: string; tokenAmount: { amount: string } } } } } } } };
    }[];
    expect(notifications).toHaveLength(1);
    expect(notifications[0]!.params.subscription).toBe(subscribed.result);
    expect(notifications[0]!.params.result.value.account.data.parsed.info).toMatchObject({ owner: owner.toBase58(), tokenAmount: { amount: '9' } });
    client.socket.close();
  });
});
