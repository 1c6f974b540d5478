// Readiness through a failing RPC: a replica whose Solana node stops answering reports not ready after
// RPC_UNREADY_AFTER failed probes in a row (a balancer then stops routing to it), and ready again at the first answer.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SETUP_MS, TEST_MS, createFaultTestApp, type FaultTestApp } from './fault-app.ts';

vi.setConfig({ testTimeout: TEST_MS });

let t: FaultTestApp;
beforeAll(async () => {
  t = await createFaultTestApp({ health: { drainMs: 0, shutdownTimeoutMs: 30_000, rpcUnreadyAfter: 3 } });
}, SETUP_MS);
afterAll(async () => {
  await t?.close();
});

const health = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  return { code: response.statusCode, body: response.json<{ status: string; db: string; rpc: string }>() };
};

describe('GET /api/health through a failing Solana node', () => {
  it('stays ready through two failed probes, is unready from the third, and ready again at the first answer', async () => {
    expect(await health()).toEqual({ code: 200, body: { status: 'ok', db: 'ok', rpc: 'ok' } });
    t.proxy.add({ methods: ['getSlot'], action: { kind: 'status', status: 503 } });
    expect(await health()).toEqual({ code: 200, body: { status: 'ok', db: 'ok', rpc: 'ok' } });
    expect(await health()).toEqual({ code: 200, body: { status: 'ok', db: 'ok', rpc: 'ok' } });
    expect(await health()).toEqual({ code: 503, body: { status: 'error', db: 'ok', rpc: 'error' } });
    expect(await health()).toEqual({ code: 503, body: { status: 'error', db: 'ok', rpc: 'error' } });
    // Liveness does not depend on the node: the process answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    t.proxy.clear();
    expect(await health()).toEqual({ code: 200, body: { status: 'ok', db: 'ok', rpc: 'ok' } });
  });

  it('a node that hangs counts as failing (a check never waits on the RPC client retries)', async () => {
    t.proxy.add({ methods: ['getSlot'], action: { kind: 'hang' } });
    for (let i = 0; i < 2; i++) expect((await health()).code).toBe(200);
    expect(await health()).toEqual({ code: 503, body: { status: 'error', db: 'ok', rpc: 'error' } });
    t.proxy.clear();
    expect((await health()).code).toBe(200);
  });
});
