import { Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc, startTestLocalnet, type TestLocalnet } from './helpers.ts';

async function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
}

describe('JSON-RPC over HTTP', () => {
  let test: TestLocalnet;
  beforeAll(async () => {
    test = await startTestLocalnet();
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('answers a batch in order, with per-request errors, and skips notifications', async () => {
    const response = await post(
      test.localnet.rpcUrl,
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'getSlot' },
        { jsonrpc: '2.0', id: 2, method: 'getBalance', params: [test.admin.publicKey.toBase58()] },
        { jsonrpc: '2.0', method: 'getSlot' },
        { jsonrpc: '2.0', id: 3, method: 'noSuchMethod' },
        { jsonrpc: '2.0', id: 4, method: 'getBalance', params: ['xyz'] },
        { id: 5, method: 'getSlot' },
      ]),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: unknown; result?: unknown; error?: { code: number } }[];
    expect(body.map((entry) => entry.id)).toEqual(['a', 2, 3, 4, 5]);
    expect(body[0]!.result).toBe(await test.connection.getSlot());
    expect((body[1]!.result as { value: number }).value).toBe(await test.connection.getBalance(test.admin.publicKey));
    expect(body[2]!.error).toEqual({ code: -32601, message: 'Method not found' });
    expect(body[3]!.error?.code).toBe(-32602);
    expect(body[4]!.error?.code).toBe(-32600);
  });

  it('answers an unknown method, bad JSON, an empty batch and a notification properly', async () => {
    expect(await rpc(test.localnet.rpcUrl, 'eth_blockNumber')).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
    expect(await (await post(test.localnet.rpcUrl, '{"jsonrpc":')).json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect(((await (await post(test.localnet.rpcUrl, '[]')).json()) as { error: { code: number } }).error.code).toBe(-32600);
    const notification = await post(test.localnet.rpcUrl, JSON.stringify({ jsonrpc: '2.0', method: 'getSlot' }));
    expect(notification.status).toBe(204);
  });

  it('validates params with clear errors', async () => {
    const badKey = await rpc(test.localnet.rpcUrl, 'getAccountInfo', ['not-base58!']);
    expect(badKey.error).toEqual({ code: -32602, message: 'Invalid param: Invalid public key' });
    const badType = await rpc(test.localnet.rpcUrl, 'getMinimumBalanceForRentExemption', ['ten']);
    expect(badType.error?.code).toBe(-32602);
    expect(badType.error?.message).toMatch(/^Invalid params: /);
    const badTx = await rpc(test.localnet.rpcUrl, 'sendTransaction', [Buffer.from('garbage').toString('base64'), { encoding: 'base64' }]);
    expect(badTx.error?.code).toBe(-32602);
    expect(badTx.error?.message).toContain('failed to deserialize');
    const future = await rpc(test.localnet.rpcUrl, 'getBalance', [test.admin.publicKey.toBase58(), { minContextSlot: 1_000_000 }]);
    expect(future.error?.code).toBe(-32016);
  });

  it('allows browser pages on other origins (CORS preflight and headers)', async () => {
    const preflight = await fetch(test.localnet.rpcUrl, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,solana-client' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,solana-client');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const call = await post(test.localnet.rpcUrl, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }), { Origin: 'http://localhost:5173' });
    expect(call.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(await call.json()).toEqual({ jsonrpc: '2.0', id: 1, result: 'ok' });
  });

  it('serves the cluster methods web3.js and wallets call', async () => {
    expect((await fetch(`${test.localnet.rpcUrl}/health`)).status).toBe(200);
    expect(await test.connection.getVersion()).toHaveProperty('solana-core');
    const genesis = await test.connection.getGenesisHash();
    expect(genesis).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(await test.connection.getGenesisHash()).toBe(genesis);
    expect(await test.connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280);
    expect(await test.connection.getRecentPrioritizationFees()).toEqual([]);
    const epoch = await test.connection.getEpochInfo();
    expect(epoch).toMatchObject({ epoch: 0, slotsInEpoch: 432_000 });
    expect(epoch.transactionCount).toBeGreaterThan(0);
    expect((await test.connection.getAccountInfo(Keypair.generate().publicKey))).toBeNull();
  });

  it('finds signatures for an address, newest first, with paging', async () => {
    const wallet = Keypair.generate().publicKey;
    const first = await test.localnet.faucet(wallet, { sol: 1_000_000_000n });
    await test.localnet.faucet(Keypair.generate().publicKey, { sol: 1_000_000_000n });
    const second = await test.localnet.faucet(wallet, { usdc: 1n });
    const third = await test.localnet.faucet(wallet, { sol: 1_000_000_000n });
    const all = await test.connection.getSignaturesForAddress(wallet);
    expect(all.map((entry) => entry.signature)).toEqual([third, second, first]);
    expect(all[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' });
    const page = await test.connection.getSignaturesForAddress(wallet, { before: third, limit: 1 });
    expect(page.map((entry) => entry.signature)).toEqual([second]);
    const until = await test.connection.getSignaturesForAddress(wallet, { until: first });
    expect(until.map((entry) => entry.signature)).toEqual([third, second]);
  });

  it('lists program accounts with filters', async () => {
    const owner = Keypair.generate().publicKey;
    await test.localnet.faucet(owner, { usdc: 5n, usdt: 6n });
    const accounts = await test.connection.getProgramAccounts(new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'), {
      filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: owner.toBase58() } }],
    });
    expect(accounts).toHaveLength(2);
  });
});
