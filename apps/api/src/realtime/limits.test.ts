import type { AddressInfo } from 'node:net';
import { realtimeCloseCodes } from '@jelly/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/helpers/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { createWallet } from '../../test/helpers/wallet.ts';
import { DEFAULT_SECURITY_CONFIG, type SecurityConfig } from '../security-config.ts';
import { RealtimeTestClient } from './testing/realtime-client.ts';
import { seedDeal } from './testing/seed-deal.ts';

const open: RealtimeTestClient[] = [];
const apps: TestApp[] = [];

async function start(limits: Partial<SecurityConfig>): Promise<{ t: TestApp; baseUrl: string }> {
  const t = await createTestApp({ config: { security: { ...DEFAULT_SECURITY_CONFIG, ...limits } } });
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, baseUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}
async function connect(baseUrl: string, token?: string): Promise<RealtimeTestClient> {
  const client = await RealtimeTestClient.connect(baseUrl, token ? { token } : {});
  open.push(client);
  return client;
}
const tokenOf = async (t: TestApp, wallet = createWallet()) => (await signIn(t.app, wallet)).body.accessToken;

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('WebSocket caps', () => {
  let perWallet: { t: TestApp; baseUrl: string };
  let perIp: { t: TestApp; baseUrl: string };
  beforeAll(async () => {
    perWallet = await start({ socketsPerWallet: 2, socketsPerIp: 100, roomsPerSocket: 2 });
    perIp = await start({ socketsPerWallet: 100, socketsPerIp: 3 });
  });

  it('refuses a wallet’s socket beyond REALTIME_MAX_SOCKETS_PER_WALLET with 4429 and the reason; other wallets still connect', async () => {
    const { t, baseUrl } = perWallet;
    const token = await tokenOf(t);
    await connect(baseUrl, token);
    const second = await connect(baseUrl, token);
    const third = await connect(baseUrl);
    third.send({ type: 'auth', token });
    expect(await third.closed).toEqual({
      code: realtimeCloseCodes.tooManySockets,
      reason: 'Too many open sockets for this wallet (at most 2); close another tab first',
    });
    second.send({ type: 'ping', id: 'alive' });
    expect((await second.next('pong')).id).toBe('alive');
    await connect(baseUrl, await tokenOf(t));
  });

  it('refuses a socket beyond REALTIME_MAX_SOCKETS_PER_IP, signed in or not', async () => {
    const { t, baseUrl } = perIp;
    await connect(baseUrl);
    await connect(baseUrl, await tokenOf(t));
    await connect(baseUrl, await tokenOf(t));
    const fourth = await connect(baseUrl);
    expect(await fourth.closed).toEqual({
      code: realtimeCloseCodes.tooManySockets,
      reason: 'Too many open sockets from this address (at most 3)',
    });
  });

  it('answers TOO_MANY_ROOMS beyond REALTIME_MAX_ROOMS_PER_SOCKET and keeps the socket', async () => {
    const { t, baseUrl } = perWallet;
    const creator = createWallet();
    const acceptor = createWallet();
    const deals = await Promise.all(
      [0, 1, 2].map(() => seedDeal(t.app.db, { creator: creator.address, acceptor: acceptor.address })),
    );
    const client = await connect(baseUrl, await tokenOf(t, acceptor));
    for (const deal of deals.slice(0, 2)) {
      client.send({ type: 'subscribe', dealId: deal.dealId });
      expect((await client.next('subscribed')).dealId).toBe(deal.dealId);
    }
    client.send({ type: 'subscribe', dealId: deals[2]?.dealId });
    expect(await client.next('error')).toEqual({ type: 'error', code: 'TOO_MANY_ROOMS', message: 'At most 2 deals at once.' });
    client.send({ type: 'unsubscribe', dealId: deals[0]?.dealId });
    await client.next('unsubscribed');
    client.send({ type: 'subscribe', dealId: deals[2]?.dealId });
    expect((await client.next('subscribed')).dealId).toBe(deals[2]?.dealId);
  });
});
