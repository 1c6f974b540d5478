import type { ErrorResponse } from '@jelly/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createWallet } from './helpers/wallet.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { rateLimits: { nonce: 3, signIn: 2, refresh: 2 }, trustedProxies: ['10.0.0.0/8'] },
  });
});
afterAll(async () => {
  await t.close();
});

const wallet = createWallet().address;
const nonceFrom = (remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/nonce',
    query: { wallet },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('auth rate limits', () => {
  it('allows the configured number of nonce requests per minute and IP, then answers 429', async () => {
    for (let i = 0; i < 3; i++) expect((await nonceFrom('192.0.2.1')).statusCode).toBe(200);
    const limited = await nonceFrom('192.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorResponse>().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    // Another client is not affected.
    expect((await nonceFrom('192.0.2.2')).statusCode).toBe(200);
  });

  it('limits sign-in attempts separately', async () => {
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/auth', payload: {}, remoteAddress: '192.0.2.50' });
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from clients that are not trusted proxies', async () => {
    for (let i = 0; i < 3; i++) expect((await nonceFrom('198.51.100.7', `203.0.113.${i}`)).statusCode).toBe(200);
    expect((await nonceFrom('198.51.100.7', '203.0.113.99')).statusCode).toBe(429);
  });

  it('keys on the forwarded client IP when the request comes through a trusted proxy', async () => {
    for (let i = 0; i < 3; i++) expect((await nonceFrom('10.1.2.3', '203.0.113.200')).statusCode).toBe(200);
    expect((await nonceFrom('10.1.2.3', '203.0.113.200')).statusCode).toBe(429);
    // Same proxy, different end user: own budget.
    expect((await nonceFrom('10.1.2.3', '203.0.113.201')).statusCode).toBe(200);
  });
});
