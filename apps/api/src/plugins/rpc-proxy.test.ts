import type { PublicConfig } from '@jelly/contracts';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createChainTestApp, type ChainTestApp } from '../../test/helpers/test-chain.ts';

let t: ChainTestApp;
let origin: string;
beforeAll(async () => {
  t = await createChainTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const rpc = async (method: string, params: unknown[] = []) => {
  const response = await fetch(`${origin}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { result: unknown };
};

/** The next JSON frame the socket receives. */
const nextFrame = (socket: WebSocket) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()) as Record<string, unknown>));
    socket.once('error', reject);
  });

describe('the embedded localnet on our own origin', () => {
  it('answers JSON-RPC posted to /rpc', async () => {
    const { result } = await rpc('getBalance', [t.chain.admin.publicKey.toBase58()]);
    expect(result).toMatchObject({ value: expect.any(Number) });
    expect((result as { value: number }).value).toBeGreaterThan(0);
  });

  it('keeps a WebSocket subscription at /rpc and delivers its notification', async () => {
    const wallet = Keypair.generate().publicKey;
    const socket = new WebSocket(`${origin.replace('http:', 'ws:')}/rpc`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      const subscribed = nextFrame(socket);
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'accountSubscribe', params: [wallet.toBase58(), { commitment: 'confirmed' }] }));
      expect(await subscribed).toMatchObject({ id: 7, result: expect.any(Number) });

      const notified = nextFrame(socket);
      await t.chain.faucet?.(wallet, { sol: 1_000_000_000n });
      expect(await notified).toMatchObject({ method: 'accountNotification', params: { result: { value: { lamports: 1_000_000_000 } } } });
    } finally {
      socket.close();
    }
  });

  it('is what /api/platform/config publishes, as the caller reached us', async () => {
    const response = await fetch(`${origin}/api/platform/config`);
    const config = (await response.json()) as PublicConfig;
    const host = new URL(origin).host;
    expect(config.solanaRpcUrl).toBe(`http://${host}/rpc`);
    expect(config.solanaWsUrl).toBe(`ws://${host}/rpc`);
  });

  it('is not pointed elsewhere by forwarded headers from a client that is no trusted proxy', async () => {
    const headers = { 'x-forwarded-host': 'jelly.example', 'x-forwarded-proto': 'https' };
    const untrusted = await t.app.inject({ method: 'GET', url: '/api/platform/config', headers: { ...headers, host: 'direct.example' } });
    expect(untrusted.json<PublicConfig>().solanaRpcUrl).toBe('http://direct.example/rpc');
  });

  it('leaves connect-src at our own origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(response.headers['content-security-policy'])).toMatch(/connect-src 'self';/);
  });
});
