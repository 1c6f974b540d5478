// GET /metrics: answered only to METRICS_ALLOW (the client address as the app resolves it, X-Forwarded-For believed
// from trusted proxies only), and what happened shows in the right series with the right values, labels bounded.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { finishPlatformSend } from '../../chain/gate/index.ts';
import { RealtimeTestClient } from '../../realtime/testing/realtime-client.ts';
import { seedPlatformSend } from '../watchdog/testing.ts';
import { scrape } from './testing.ts';

const MIN = 60_000;
let t: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // behind a reverse proxy on this machine, Prometheus on the private network
  proxied = await createTestApp({ config: { trustedProxies: ['127.0.0.1'], metrics: { allow: ['10.0.0.0/8'] } } });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const get = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('who may read /metrics', () => {
  it('by default this machine only: loopback (v4, v6, v4-mapped) is answered, any other address gets the 404 of a missing route', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route', remoteAddress: '203.0.113.5' });
    for (const address of ['203.0.113.5', '10.0.0.1', '2001:db8::1']) {
      const refused = await get(t, address);
      expect(refused.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: { ...missing.json().error, message: 'Route GET /metrics not found.' } });
      expect(refused.body).not.toContain('jelly_');
    }
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const served = await get(t, address);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(served.body).toContain('# TYPE jelly_http_request_duration_seconds histogram');
    }
  });

  it('METRICS_ALLOW with trusted proxies: the forwarded client decides, a forged header from elsewhere does not', async () => {
    expect((await get(proxied, '10.1.2.3')).statusCode).toBe(200);
    expect((await get(proxied, '127.0.0.1', { 'x-forwarded-for': '10.9.9.9' })).statusCode).toBe(200);
    // a public client through the local proxy: the socket is loopback, the client is not allowed
    expect((await get(proxied, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(404);
    expect((await get(proxied, '127.0.0.1')).statusCode).toBe(404);
    // an untrusted sender naming an allowed address
    expect((await get(proxied, '203.0.113.5', { 'x-forwarded-for': '10.0.0.1' })).statusCode).toBe(404);
  });
});

describe('what the series say', () => {
  it('HTTP requests by route pattern and status class, never the URL or the wallet in it', async () => {
    const wallet = createWallet().address;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const stats = await t.app.inject({ method: 'GET', url: `/api/platform/has-telegram/${wallet}` });
    const missingOffer = await t.app.inject({ method: 'GET', url: '/api/platform/offer-unath/987654' });
    expect(missingOffer.statusCode).toBe(404);
    const m = await scrape(t.app);
    const count = (route: string, status: string) =>
      m.value('jelly_http_request_duration_seconds_count', { method: 'GET', route, status_class: status });
    expect(count('/api/health/live', '2xx')).toBe(3);
    expect(count('/api/platform/has-telegram/:wallet', `${Math.floor(stats.statusCode / 100)}xx`)).toBe(1);
    expect(count('/api/platform/offer-unath/:orderId', '4xx')).toBe(1);
    expect(m.value('jelly_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/health/live', status_class: '2xx', le: '+Inf' })).toBe(3);
    const labelValues = m.series.flatMap((s) => Object.values(s.labels));
    expect(labelValues.some((v) => v.includes(wallet) || v.includes('987654'))).toBe(false);
  });

  it('a send waiting past its deadline: pending and overdue by kind; its landing counts and times it', async () => {
    const before = await scrape(t.app);
    expect(before.value('jelly_overdue_items', { kind: 'platform_send' })).toBe(0);
    expect(before.value('jelly_overdue_items', { kind: 'deal_locked' })).toBe(0);
    const signature = await seedPlatformSend(t.app.db, t.clock.now());
    t.clock.advance(6 * MIN);
    const late = await scrape(t.app);
    expect(late.value('jelly_platform_sends_pending', { kind: 'jelly_payout' })).toBe(1);
    expect(late.value('jelly_overdue_items', { kind: 'platform_send' })).toBe(1);
    expect(late.value('jelly_overdue_items', { kind: 'deal_locked' })).toBe(0);

    expect(await finishPlatformSend(t.app.db, signature, 'landed', t.clock.now())).toBe(true);
    // ended once: a second finish changes nothing
    expect(await finishPlatformSend(t.app.db, signature, 'landed', t.clock.now())).toBe(false);
    const landed = await scrape(t.app);
    expect(landed.value('jelly_platform_sends_pending', { kind: 'jelly_payout' })).toBeUndefined();
    expect(landed.value('jelly_overdue_items', { kind: 'platform_send' })).toBe(0);
    expect(landed.value('jelly_platform_sends_total', { kind: 'jelly_payout', state: 'landed' })).toBe(1);
    expect(landed.value('jelly_platform_send_land_seconds_count', { kind: 'jelly_payout' })).toBe(1);
    expect(landed.value('jelly_platform_send_land_seconds_sum', { kind: 'jelly_payout' })).toBe(360);
    expect(landed.value('jelly_platform_send_land_seconds_bucket', { kind: 'jelly_payout', le: '300' })).toBe(0);
    expect(landed.value('jelly_platform_send_land_seconds_bucket', { kind: 'jelly_payout', le: '900' })).toBe(1);
  });

  it('the process figures: no sockets open, the embedded database as one connection without a pool', async () => {
    const m = await scrape(t.app);
    expect(m.value('jelly_realtime_open_sockets')).toBe(0);
    if (t.config.database.driver === 'postgres') {
      const open = m.value('jelly_db_pool_connections', { driver: 'postgres' }) ?? 0;
      expect(open).toBeGreaterThan(0);
      expect(m.value('jelly_db_pool_idle_connections', { driver: 'postgres' })).toBeLessThanOrEqual(open);
      expect(m.value('jelly_db_pool_waiting_clients', { driver: 'postgres' })).toBe(0);
    } else {
      expect(m.value('jelly_db_pool_connections', { driver: 'pglite' })).toBe(1);
      expect(m.series.some((s) => s.name === 'jelly_db_pool_waiting_clients')).toBe(false);
    }
    // without a chain there is no fee payer to report
    expect(m.series.some((s) => s.name.startsWith('jelly_fee_payer_'))).toBe(false);
    // the jobs run once on ready, each run timed by job and outcome
    const jobs = await vi.waitFor(async () => {
      const after = await scrape(t.app);
      expect(after.value('jelly_job_run_seconds_count', { job: 'payment-reminders', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
      return after;
    });
    expect(jobs.value('jelly_job_run_seconds_count', { job: 'payment-reminders', outcome: 'failed' })).toBeUndefined();
  });

  it('open realtime sockets counted, their upgrades not timed as requests', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const clients = [await RealtimeTestClient.connect(address), await RealtimeTestClient.connect(address)];
    try {
      const m = await scrape(t.app);
      expect(m.value('jelly_realtime_open_sockets')).toBe(2);
      expect(m.series.some((s) => s.labels.route === '/api/realtime')).toBe(false);
    } finally {
      for (const client of clients) client.socket.close();
      await Promise.all(clients.map((client) => client.closed));
    }
  });

  it('a scrape-time read that cannot finish leaves its metric out and is counted; the scrape still answers', async () => {
    const errors = (m: Awaited<ReturnType<typeof scrape>>, source: string) => m.value('jelly_metrics_collect_errors_total', { source }) ?? 0;
    const before = await scrape(t.app);
    // Another session holds platform_sends locked: both reads of it wait until their time-out.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE platform_sends IN ACCESS EXCLUSIVE MODE`);
      locked();
      await released;
    });
    await isLocked;
    try {
      const during = await scrape(t.app);
      expect(during.value('jelly_platform_sends_pending', { kind: 'jelly_payout' })).toBeUndefined();
      expect(during.series.some((s) => s.name === 'jelly_overdue_items')).toBe(false);
      expect(errors(during, 'platform_sends') - errors(before, 'platform_sends')).toBe(1);
      expect(errors(during, 'overdue') - errors(before, 'overdue')).toBe(1);
      expect(during.value('jelly_realtime_open_sockets')).toBe(0);
    } finally {
      release();
      await holder;
    }
    const after = await scrape(t.app);
    expect(after.value('jelly_overdue_items', { kind: 'platform_send' })).toBe(0);
  });
});
