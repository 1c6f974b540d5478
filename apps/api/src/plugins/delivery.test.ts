import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

// A built asset as the web build leaves it: the file and its brotli and gzip copies.
const SCRIPT = `export const answer = ${JSON.stringify('jelly '.repeat(2_000))};\n`;
const ASSET = '/assets/index-abc123.js';
const APP_PAGE = `<!doctype html><script type="module" src="${ASSET}"></script>`;
// What the build writes for the screens with a first paint of their own.
const HOME_PAGE = `${APP_PAGE}<h1>Trade crypto for cash</h1>`;
const MARKET_PAGE = `${APP_PAGE}<h1>Buy Crypto</h1>`;
const DEAL_PAGE = `${APP_PAGE}<h1>Deal</h1>`;

let t: TestApp;
beforeAll(async () => {
  const webDist = await mkdtemp(join(tmpdir(), 'jelly-delivery-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), APP_PAGE);
  await writeFile(join(webDist, ASSET), SCRIPT);
  await writeFile(join(webDist, `${ASSET}.br`), brotliCompressSync(SCRIPT));
  await writeFile(join(webDist, `${ASSET}.gz`), gzipSync(SCRIPT));
  await mkdir(join(webDist, 'first-paint'));
  await writeFile(join(webDist, 'first-paint', 'index.html'), HOME_PAGE);
  await writeFile(join(webDist, 'first-paint', 'buy-crypto.html'), MARKET_PAGE);
  await writeFile(join(webDist, 'first-paint', 'deal.html'), DEAL_PAGE);
  t = await createTestApp({ config: { webDist } });
});
afterAll(() => t.close());

describe('built assets', () => {
  it('are sent as their brotli copy when the client accepts br, cached for a year as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent as their gzip copy to a client that accepts only gzip', async () => {
    const response = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent plain to a client that accepts no compression', async () => {
    const response = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it('index.html revalidates on every visit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('app pages', () => {
  it('the home page and the market are sent with their own first paint, revalidated on every visit', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toBe(HOME_PAGE);
    const market = await t.app.inject({ method: 'GET', url: '/buy-crypto?side=SELL' });
    expect(market.statusCode).toBe(200);
    expect(market.headers['cache-control']).toBe('no-cache');
    expect(market.body).toBe(MARKET_PAGE);
  });

  it("every deal's page is sent the deal's first paint; a swap's chat on the same path is not", async () => {
    for (const url of ['/swap-chat/2', '/swap-chat/123456?tab=chat']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(DEAL_PAGE);
    }
    for (const url of ['/swap-chat/2?kind=swap', '/swap-chat/abc', '/swap-chat/2/more', '/swap-chat/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(APP_PAGE);
    }
  });

  it('every other client-side route is sent the plain index.html', async () => {
    for (const url of ['/swap', '/buy-crypto/', '/trader/abc', '/first-paint', '/deal']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(APP_PAGE);
    }
  });
});

describe('API answers', () => {
  it('above the threshold are compressed for a client that accepts it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/platform/countries' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await t.app.inject({ method: 'GET', url: '/api/platform/countries', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({ method: 'GET', url: '/api/platform/countries', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('below the threshold are sent as they are', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
