import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainTestApp, type ChainTestApp } from '../../test/helpers/test-chain.ts';
import { cachedNodeHealth } from './rpc-proxy.ts';

let webDist: string;
let embedded: ChainTestApp;
let external: ChainTestApp;
beforeAll(async () => {
  // A built web app, so that a path the server did not route would answer its HTML.
  webDist = await mkdtemp(join(tmpdir(), 'jelly-rpc-health-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Jelly</title>');
  embedded = await createChainTestApp({ config: { webDist } });
  // SOLANA_RPC_URL set: the app reaches that node directly and relays nothing.
  external = await createChainTestApp({ config: { webDist, solanaRpcUrl: embedded.chain.rpcUrl, solanaCluster: 'custom' } });
}, 240_000);
afterAll(async () => {
  await embedded?.close();
  await external?.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('GET /rpc/health on the app origin', () => {
  it('gives the embedded localnet node’s own answer, not the web app', async () => {
    const t = embedded;
    const page = await t.app.inject({ method: 'GET', url: '/market' });
    expect(page.body).toContain('<!doctype html>'); // the SPA fallback is live
    const health = await t.app.inject({ method: 'GET', url: '/rpc/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-type']).toMatch(/^text\/plain/);
    expect(health.body).toBe('ok');
  });

  it('with SOLANA_RPC_URL (no relay), answers ok while the configured node answers', async () => {
    const t = external;
    const health = await t.app.inject({ method: 'GET', url: '/rpc/health' });
    expect(health.statusCode).toBe(200);
    expect(health.body).toBe('ok');
    // /rpc itself is not relayed then: the browser talks to the cluster.
    const relay = await t.app.inject({ method: 'POST', url: '/rpc', payload: { jsonrpc: '2.0', id: 1, method: 'getSlot' } });
    expect(relay.statusCode).toBe(404);
  });

  it('reports unknown for a node that does not answer, and asks it once per cache period', async () => {
    let now = 0;
    let calls = 0;
    const dead = new Connection('http://127.0.0.1:9');
    const counting = new Proxy(dead, {
      get: (target, key, receiver) => {
        if (key === 'getSlot') calls++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const healthy = cachedNodeHealth(counting, () => now);
    expect(await healthy()).toBe(false);
    expect(await healthy()).toBe(false);
    expect(calls).toBe(1);
    now += 2_001;
    expect(await healthy()).toBe(false);
    expect(calls).toBe(2);
  });
});
