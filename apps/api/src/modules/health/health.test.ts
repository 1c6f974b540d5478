import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { readHealthConfig } from './health-config.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health (readiness) and /api/health/live', () => {
  it('answers ok when the database answers (no chain in this app: rpc none)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok', rpc: 'none' });
  });

  it('answers 503 naming the database when it does not answer; liveness still answers', async () => {
    const real = t.app.pingDatabase;
    t.app.pingDatabase = async () => {
      throw new Error('connection refused');
    };
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', db: 'error', rpc: 'none' });
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    } finally {
      t.app.pingDatabase = real;
    }
  });

  it('answers 503 draining while the replica drains, and serves every other request', async () => {
    t.app.draining = true;
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'draining', db: 'ok', rpc: 'none' });
      expect((await t.app.inject({ method: 'GET', url: '/api/platform/all-new-offers-unath' })).statusCode).toBe(200);
    } finally {
      t.app.draining = false;
    }
  });
});

describe('readHealthConfig', () => {
  it('defaults: an 8 s drain (a 2 s check × fall 3, with margin), 90 s to exit, unready after 3 failed probes', () => {
    expect(readHealthConfig({})).toEqual({ ok: true, config: { drainMs: 8_000, shutdownTimeoutMs: 90_000, rpcUnreadyAfter: 3 } });
  });

  it('refuses a timeout not longer than the drain, a zero threshold and words', () => {
    expect(readHealthConfig({ SHUTDOWN_DRAIN_SECONDS: '30', SHUTDOWN_TIMEOUT_SECONDS: '30' })).toEqual({
      ok: false,
      problems: ['SHUTDOWN_TIMEOUT_SECONDS: must be longer than SHUTDOWN_DRAIN_SECONDS'],
    });
    expect(readHealthConfig({ RPC_UNREADY_AFTER: '0' })).toEqual({ ok: false, problems: ['RPC_UNREADY_AFTER: must be at least 1'] });
    expect(readHealthConfig({ SHUTDOWN_DRAIN_SECONDS: 'soon' })).toEqual({
      ok: false,
      problems: ['SHUTDOWN_DRAIN_SECONDS: SHUTDOWN_DRAIN_SECONDS must be a whole number'],
    });
  });

  it('a long drain stretches the default timeout past it', () => {
    expect(readHealthConfig({ SHUTDOWN_DRAIN_SECONDS: '120' })).toEqual({
      ok: true,
      config: { drainMs: 120_000, shutdownTimeoutMs: 150_000, rpcUnreadyAfter: 3 },
    });
  });
});
