import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, fakeJwt, json, WALLET_A } from '../../test/fakeApi.ts';
import { memoryStorage } from '../storage.ts';
import { ApiClient } from './apiClient.ts';
import { ClientIp, USER_IP_KEY } from './clientIp.ts';
import { TokenStore } from './tokenStore.ts';

const ORIGIN = 'https://jelly.test';
const NOW = Date.parse('2025-06-01T12:00:00Z');

function setup(stored: { accessToken?: string; accessExp?: string; refreshToken?: string } = {}) {
  const api = fakeApi();
  const storage = memoryStorage();
  if (stored.accessToken) storage.setItem('accessToken', stored.accessToken);
  if (stored.accessExp !== undefined) storage.setItem('accessExp', stored.accessExp);
  if (stored.refreshToken) storage.setItem('refreshToken', stored.refreshToken);
  const tokens = new TokenStore(storage);
  const onTokensRefreshed = vi.fn();
  const onSessionLost = vi.fn();
  const client = new ApiClient({
    origin: ORIGIN,
    fetch: api.fetch,
    tokens,
    clientIp: new ClientIp(storage, api.fetch),
    now: () => NOW,
    onTokensRefreshed,
    onSessionLost,
  });
  return { api, storage, tokens, client, onTokensRefreshed, onSessionLost };
}

const farExpiry = new Date(NOW + 10 * 60_000).toISOString();
const OLD = fakeJwt(WALLET_A);
const NEW = `${fakeJwt(WALLET_A)}x`;
const refreshed = () => json(200, { accessToken: NEW, jwtExpiresAt: new Date(NOW + 900_000).toISOString(), isAdmin: false });

describe('ApiClient — bearer token', () => {
  it('sends the token to our own API only', async () => {
    const { api, client } = setup({ accessToken: OLD, accessExp: farExpiry });
    api.on('GET /api/me', () => json(200, {}));
    await client.fetch(`${ORIGIN}/api/me`);
    await client.fetch('https://evil.example/api/me');
    await client.fetch(`${ORIGIN}/assets/logo.svg`);
    await client.fetch('https://jelly.test.evil.example/api/me');

    const [own, foreign, nonApi, lookalike] = api.calls;
    expect(own?.headers.get('Authorization')).toBe(`Bearer ${OLD}`);
    expect(foreign?.headers.get('Authorization')).toBeNull();
    expect(nonApi?.headers.get('Authorization')).toBeNull();
    expect(lookalike?.headers.get('Authorization')).toBeNull();
  });

  it('resolves relative URLs against the page origin', async () => {
    const { api, client } = setup({ accessToken: OLD, accessExp: farExpiry });
    await client.fetch('/api/payments?type=0');
    expect(api.calls[0]?.url).toBe(`${ORIGIN}/api/payments?type=0`);
    expect(api.calls[0]?.headers.get('Authorization')).toBe(`Bearer ${OLD}`);
  });

  it('sends no Authorization header without a session and never refreshes then', async () => {
    const { api, client } = setup();
    await client.fetch(`${ORIGIN}/api/platform/coins`);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.headers.get('Authorization')).toBeNull();
  });
});

describe('ApiClient — refresh before a request', () => {
  it.each([
    ['missing', undefined],
    ['within 30 s (ISO)', new Date(NOW + 29_000).toISOString()],
    ['exactly 30 s away', new Date(NOW + 30_000).toISOString()],
    ['already past', new Date(NOW - 1_000).toISOString()],
    ['within 30 s (seconds)', String(Math.floor((NOW + 10_000) / 1000))],
    ['within 30 s (milliseconds)', String(NOW + 10_000)],
    ['unreadable', 'not a date'],
  ])('refreshes when the expiry is %s', async (_label, accessExp) => {
    const { api, client, storage, onTokensRefreshed } = setup({ accessToken: OLD, accessExp, refreshToken: 'r1' });
    api.on('POST /api/auth/refresh', refreshed);
    api.on('GET /api/me', () => json(200, {}));

    await client.fetch(`${ORIGIN}/api/me`);

    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(api.callsTo('GET /api/me')[0]?.headers.get('Authorization')).toBe(`Bearer ${NEW}`);
    expect(storage.getItem('accessToken')).toBe(NEW);
    expect(onTokensRefreshed).toHaveBeenCalledOnce();
  });

  it.each([
    ['31 s away (ISO)', new Date(NOW + 31_000).toISOString()],
    ['10 min away (seconds)', String(Math.floor((NOW + 600_000) / 1000))],
    ['10 min away (milliseconds)', String(NOW + 600_000)],
  ])('does not refresh when the expiry is %s', async (_label, accessExp) => {
    const { api, client } = setup({ accessToken: OLD, accessExp, refreshToken: 'r1' });
    api.on('GET /api/me', () => json(200, {}));
    await client.fetch(`${ORIGIN}/api/me`);
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(0);
    expect(api.calls[0]?.headers.get('Authorization')).toBe(`Bearer ${OLD}`);
  });

  it('refreshes with the httpOnly cookie only: credentials, an empty body, and no refresh token kept in storage', async () => {
    // A refresh token left in storage by an older version is removed, never sent.
    const { api, client, storage } = setup({ accessToken: OLD, refreshToken: 'stored-refresh' });
    expect(storage.getItem('refreshToken')).toBeNull();
    api.on('POST /api/auth/refresh', refreshed);
    await client.fetch(`${ORIGIN}/api/me`);
    const [refresh] = api.callsTo('POST /api/auth/refresh');
    expect(refresh?.body).toBe('');
    expect(refresh?.credentials).toBe('include');
    expect(storage.getItem('refreshToken')).toBeNull();
  });

  it('shares one refresh between concurrent requests', async () => {
    const { api, client } = setup({ accessToken: OLD, refreshToken: 'r1' });
    let release: () => void = () => {};
    api.on('POST /api/auth/refresh', () => new Promise<Response>((resolve) => (release = () => resolve(refreshed()))));
    api.on('GET /api/a', () => json(200, {}));
    api.on('GET /api/b', () => json(200, {}));
    api.on('GET /api/c', () => json(200, {}));

    const pending = Promise.all(['a', 'b', 'c'].map((p) => client.fetch(`${ORIGIN}/api/${p}`)));
    await vi.waitFor(() => expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1));
    release();
    await pending;

    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1);
    for (const path of ['/api/a', '/api/b', '/api/c']) {
      expect(api.calls.find((c) => c.path === path)?.headers.get('Authorization')).toBe(`Bearer ${NEW}`);
    }
  });

  it('ends the session when the server refuses the refresh', async () => {
    const { api, client, storage, onSessionLost } = setup({ accessToken: OLD, refreshToken: 'r1' });
    api.on('POST /api/auth/refresh', () => apiError(401, 'REFRESH_TOKEN_INVALID', 'Refresh token is invalid'));
    api.on('GET /api/me', () => json(200, {}));

    await client.fetch(`${ORIGIN}/api/me`);

    expect(onSessionLost).toHaveBeenCalledOnce();
    expect(storage.getItem('accessToken')).toBeNull();
    expect(storage.getItem('refreshToken')).toBeNull();
    expect(api.callsTo('GET /api/me')[0]?.headers.get('Authorization')).toBeNull();
  });
});

describe('ApiClient — 401', () => {
  it('refreshes once and retries the request once, with its body', async () => {
    const { api, client } = setup({ accessToken: OLD, accessExp: farExpiry, refreshToken: 'r1' });
    api.on('POST /api/auth/refresh', refreshed);
    api.on('POST /api/orders', (call) =>
      call.headers.get('Authorization') === `Bearer ${NEW}` ? json(201, { echoed: JSON.parse(call.body) }) : apiError(401, 'UNAUTHORIZED', 'Expired'),
    );

    const response = await client.fetch(`${ORIGIN}/api/orders`, { method: 'POST', body: JSON.stringify({ amount: '5' }) });

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ echoed: { amount: '5' } });
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(api.callsTo('POST /api/orders')).toHaveLength(2);
  });

  it('passes the 401 on when the retry fails too (no loop)', async () => {
    const { api, client } = setup({ accessToken: OLD, accessExp: farExpiry, refreshToken: 'r1' });
    api.on('POST /api/auth/refresh', refreshed);
    api.on('GET /api/me', () => apiError(401, 'UNAUTHORIZED', 'Nope'));

    const response = await client.fetch(`${ORIGIN}/api/me`);

    expect(response.status).toBe(401);
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(api.callsTo('GET /api/me')).toHaveLength(2);
  });

  it('passes the 401 on without retrying when the refresh fails', async () => {
    const { api, client } = setup({ accessToken: OLD, accessExp: farExpiry, refreshToken: 'r1' });
    api.on('POST /api/auth/refresh', () => apiError(401, 'REFRESH_TOKEN_INVALID', 'Refresh token is invalid'));
    api.on('GET /api/me', () => apiError(401, 'UNAUTHORIZED', 'Nope'));

    const response = await client.fetch(`${ORIGIN}/api/me`);

    expect(response.status).toBe(401);
    expect(api.callsTo('GET /api/me')).toHaveLength(1);
  });

  it('does not refresh for a 401 of the auth endpoints themselves', async () => {
    const { api, client } = setup({ accessToken: OLD, accessExp: farExpiry, refreshToken: 'r1' });
    api.on('POST /api/auth', () => apiError(401, 'SIGNATURE_INVALID', 'Bad signature'));
    const response = await client.fetch(`${ORIGIN}/api/auth`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(0);
  });

  it('does not retry a 401 when there was no session', async () => {
    const { api, client } = setup();
    api.on('GET /api/me', () => apiError(401, 'UNAUTHORIZED', 'Sign in'));
    const response = await client.fetch(`${ORIGIN}/api/me`);
    expect(response.status).toBe(401);
    expect(api.calls).toHaveLength(1);
  });
});

describe('ApiClient — X-Forwarded-For', () => {
  it('is not sent, and no lookup happens, unless the config names a lookup URL', async () => {
    const { api, client } = setup();
    await client.fetch(`${ORIGIN}/api/platform/coins`);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.headers.get('X-Forwarded-For')).toBeNull();
  });

  it('looks the IP up once, caches it as user_ip and sends it to our API only', async () => {
    const { api, client, storage } = setup();
    api.on('GET /ip', () => json(200, { ip: '203.0.113.7' }));
    client.setIpLookupUrl(`${ORIGIN}/ip`);

    await Promise.all([client.fetch(`${ORIGIN}/api/a`), client.fetch(`${ORIGIN}/api/b`)]);
    await client.fetch('https://elsewhere.example/x');

    expect(api.callsTo('GET /ip')).toHaveLength(1);
    expect(api.callsTo('GET /ip')[0]?.headers.get('Authorization')).toBeNull();
    expect(storage.getItem(USER_IP_KEY)).toBe('203.0.113.7');
    expect(api.calls.find((c) => c.path === '/api/a')?.headers.get('X-Forwarded-For')).toBe('203.0.113.7');
    expect(api.calls.find((c) => c.path === '/x')?.headers.get('X-Forwarded-For')).toBeNull();
  });

  it('uses the cached user_ip without a lookup, and ignores a lookup answer that is not an IP', async () => {
    const cached = setup();
    cached.storage.setItem(USER_IP_KEY, '198.51.100.4');
    cached.client.setIpLookupUrl(`${ORIGIN}/ip`);
    await cached.client.fetch(`${ORIGIN}/api/a`);
    expect(cached.api.callsTo('GET /ip')).toHaveLength(0);
    expect(cached.api.calls[0]?.headers.get('X-Forwarded-For')).toBe('198.51.100.4');

    const garbage = setup();
    garbage.api.on('GET /ip', () => new Response('<html>oops</html>'));
    garbage.client.setIpLookupUrl(`${ORIGIN}/ip`);
    await garbage.client.fetch(`${ORIGIN}/api/a`);
    expect(garbage.storage.getItem(USER_IP_KEY)).toBeNull();
    expect(garbage.api.callsTo('GET /api/a')[0]?.headers.get('X-Forwarded-For')).toBeNull();
  });
});
