import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  const webDist = await mkdtemp(join(tmpdir(), 'jelly-csp-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><script type="module" src="/assets/index.js"></script>');
  t = await createTestApp({
    config: { webDist, solanaRpcUrl: 'https://rpc.example.com', solanaWsUrl: null, publicUrl: 'http://localhost:8080' },
  });
});
afterAll(() => t.close());

const directives = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );

describe('Content-Security-Policy', () => {
  it.each([
    ['the web app', '/'],
    ['a client-side route of the web app', '/orders/12'],
    ['the API docs', '/api/docs'],
    ['an API answer', '/api/health'],
  ])('is strict on %s', async (_label, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeLessThan(400);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://rpc.example.com', 'wss://rpc.example.com']);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the API docs page needs no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src=');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});

describe('every answer', () => {
  // The headers are reply headers, sent with whatever the reply sends: error answers included.
  it.each([
    ['a 401 (no access token)', 401, 'GET', '/api/auth/me', undefined],
    ['a 400 (a body that is not JSON)', 400, 'POST', '/api/auth/nonce', '{'],
    ['a 404 of the API', 404, 'GET', '/api/no-such-route', undefined],
    ['a missing built file', 404, 'GET', '/assets/missing.js', undefined],
  ] as const)('carries the security headers: %s', async (_label, status, method, url, payload) => {
    const response = await t.app.inject({ method, url, headers: { 'content-type': 'application/json' }, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(status);
    expect(directives(response.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
