import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { realtimeCloseCodes, type ErrorResponse } from '@jelly/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshCookieOf, signIn } from '../../../test/helpers/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet, type TestWallet } from '../../../test/helpers/wallet.ts';
import { bans } from '../../db/schema/index.ts';
import { RealtimeTestClient } from '../../realtime/testing/realtime-client.ts';
import { DEFAULT_SECURITY_CONFIG } from '../../security-config.ts';
import { applyBan } from './ban-guard.ts';
import { REFRESH_ERRORS } from './refresh-session.ts';

const admin = createWallet();
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { adminWallets: new Set([admin.address]) },
    extend: (app) => {
      app.get('/api/test/admin-only', { preHandler: [app.authenticate, app.requireAdmin] }, async () => ({ ok: true }));
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const me = (accessToken: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });
const errorOf = (response: { json: <T>() => T }) => response.json<ErrorResponse>().error;

async function insertBan(wallet: TestWallet, reason: string): Promise<void> {
  await t.app.db.insert(bans).values({
    id: randomUUID(),
    wallet: wallet.address,
    reason,
    until: new Date(t.clock.now().getTime() + 60 * 60 * 1000),
    createdBy: admin.address,
    createdAt: t.clock.now(),
  });
}

describe('the refresh token lives only in the httpOnly cookie', () => {
  it('is not in the JSON of POST /auth nor of POST /auth/refresh', async () => {
    const { body, response } = await signIn(t.app, createWallet());
    expect(body).not.toHaveProperty('refreshToken');
    expect(JSON.stringify(body)).not.toContain(refreshCookieOf(response).value);
    const cookie = refreshCookieOf(response);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).not.toHaveProperty('refreshToken');
    expect(refreshed.body).not.toContain(refreshCookieOf(refreshed).value);
  });

  it('is not accepted from the request body by /auth/refresh', async () => {
    const { response } = await signIn(t.app, createWallet());
    const stolen = refreshCookieOf(response).value;
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: stolen } });
    expect(refreshed.statusCode).toBe(401);
    expect(errorOf(refreshed)).toEqual({ code: 'REFRESH_TOKEN_INVALID', message: REFRESH_ERRORS.missing });
  });
});

describe('a ban takes effect at once', () => {
  it('applyBan: the next request with a live access token is refused, the sessions are revoked', async () => {
    const wallet = createWallet();
    const { body, response } = await signIn(t.app, wallet);
    expect((await me(body.accessToken)).statusCode).toBe(200); // caches "not banned"
    await insertBan(wallet, 'Chargeback fraud');
    expect(await applyBan({ db: t.app.db, config: t.config, bans: t.app.bans }, wallet.address)).toBe(true);

    const refused = await me(body.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'WALLET_BANNED', details: { reason: 'Chargeback fraud' } });
    const cookie = refreshCookieOf(response);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(refresh.statusCode).toBe(401);
    expect(errorOf(refresh).message).toBe(REFRESH_ERRORS.invalid);
  });

  it('a ban written elsewhere (no applyBan) bites once the cache window has passed', async () => {
    const wallet = createWallet();
    const { body } = await signIn(t.app, wallet);
    expect((await me(body.accessToken)).statusCode).toBe(200);
    await insertBan(wallet, 'Spam');
    t.clock.advance(DEFAULT_SECURITY_CONFIG.banCacheMs);
    expect(DEFAULT_SECURITY_CONFIG.banCacheMs).toBeLessThanOrEqual(5000);
    const refused = await me(body.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('WALLET_BANNED');
  });

  it('applyBan closes the wallet’s open sockets with the reason, and a banned wallet cannot open one', async () => {
    const wallet = createWallet();
    const other = createWallet();
    const { body } = await signIn(t.app, wallet);
    const bystanderToken = (await signIn(t.app, other)).body.accessToken;
    const first = await RealtimeTestClient.connect(baseUrl, { token: body.accessToken });
    const second = await RealtimeTestClient.connect(baseUrl, { token: body.accessToken });
    const bystander = await RealtimeTestClient.connect(baseUrl, { token: bystanderToken });
    try {
      await insertBan(wallet, 'Chargeback fraud');
      await applyBan({ db: t.app.db, config: t.config, bans: t.app.bans }, wallet.address);
      for (const client of [first, second]) {
        expect(await client.closed).toEqual({ code: realtimeCloseCodes.banned, reason: 'Wallet banned: Chargeback fraud' });
      }
      bystander.send({ type: 'ping', id: 'still-here' });
      expect((await bystander.next('pong')).id).toBe('still-here');

      const again = await RealtimeTestClient.connect(baseUrl);
      again.send({ type: 'auth', token: body.accessToken });
      expect(await again.closed).toEqual({ code: realtimeCloseCodes.banned, reason: 'Wallet banned: Chargeback fraud' });
    } finally {
      await Promise.all([first.close(), second.close(), bystander.close()]);
    }
  });
});

describe('admin rights follow the current ADMIN_WALLETS', () => {
  it('a token minted while the wallet was an admin stops opening admin routes once it is removed', async () => {
    const { body } = await signIn(t.app, admin);
    expect(body.isAdmin).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/admin-only', headers: bearer(body.accessToken) })).statusCode).toBe(200);
    const wallets = t.config.adminWallets as Set<string>;
    wallets.delete(admin.address);
    try {
      const refused = await t.app.inject({ method: 'GET', url: '/api/test/admin-only', headers: bearer(body.accessToken) });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('FORBIDDEN');
    } finally {
      wallets.add(admin.address);
    }
  });
});
