import { randomUUID } from 'node:crypto';
import type { AuthResponse, ErrorResponse } from '@jelly/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bans } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { refreshCookieOf, signIn } from '../../../test/helpers/sign-in.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { refreshCookieName } from './refresh-cookie.ts';
import { REFRESH_ERRORS } from './refresh-session.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const withCookie = (response: LightMyRequestResponse) => {
  const cookie = refreshCookieOf(response);
  return { cookie: `${cookie.name}=${cookie.value}` };
};
const refreshWithCookie = (response: LightMyRequestResponse) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: withCookie(response) });
const refreshWithRawCookie = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `${refreshCookieName(t.config)}=${refreshToken}` } });
const me = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
const errorOf = (response: LightMyRequestResponse) => response.json<ErrorResponse>().error;

describe('refresh cookie', () => {
  it('is httpOnly, SameSite=Strict, scoped to /api/auth, expires with the refresh token and is not Secure on http', async () => {
    const { response } = await signIn(t.app, createWallet());
    const header = String(response.headers['set-cookie']);
    const cookie = response.cookies.find((c) => c.name.startsWith('jelly_rt_'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.secure).toBeUndefined();
    expect(header).not.toMatch(/;\s*Secure/i);
    expect(cookie?.expires?.getTime()).toBe(
      Math.floor((t.clock.now().getTime() + t.config.refreshTokenTtlSeconds * 1000) / 1000) * 1000,
    );
  });

  it('is Secure when PUBLIC_URL is https, and named per server', async () => {
    const secure = await createTestApp({ config: { publicUrl: 'https://jelly.example' } });
    try {
      const { response } = await signIn(secure.app, createWallet());
      const cookie = refreshCookieOf(response);
      expect(String(response.headers['set-cookie'])).toMatch(/;\s*Secure/i);
      const plain = refreshCookieOf((await signIn(t.app, createWallet())).response);
      expect(cookie.name).not.toBe(plain.name);
    } finally {
      await secure.close();
    }
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the cookie token: new access token, new refresh token, old one spent', async () => {
    const wallet = createWallet();
    const { body, response } = await signIn(t.app, wallet);
    t.clock.advance(60_000);
    const refreshed = await refreshWithCookie(response);
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json<AuthResponse>();
    expect(next.accessToken).not.toBe(body.accessToken);
    expect(refreshCookieOf(refreshed).value).not.toBe(refreshCookieOf(response).value);
    expect(new Date(next.jwtExpiresAt).getTime()).toBeGreaterThan(new Date(body.jwtExpiresAt).getTime());
    expect((await me(next.accessToken)).json()).toMatchObject({ wallet: wallet.address });
  });

  it('keeps rotating through the cookie alone', async () => {
    const { response } = await signIn(t.app, createWallet());
    const refreshed = await refreshWithCookie(response);
    expect(refreshed.statusCode).toBe(200);
    expect((await refreshWithCookie(refreshed)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const { response } = await signIn(t.app, createWallet());
    const second = await refreshWithCookie(response);
    expect(second.statusCode).toBe(200);

    const replay = await refreshWithCookie(response);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay)).toEqual({ code: 'REFRESH_TOKEN_INVALID', message: REFRESH_ERRORS.reused });
    expect(replay.json()).not.toHaveProperty('accessToken');

    // The legitimate holder's newer token died with the family.
    const afterReuse = await refreshWithCookie(second);
    expect(afterReuse.statusCode).toBe(401);
    expect(errorOf(afterReuse).message).toBe(REFRESH_ERRORS.invalid);
  });

  it('does not touch other sessions of the same wallet', async () => {
    const wallet = createWallet();
    const phone = await signIn(t.app, wallet);
    const laptop = await signIn(t.app, wallet);
    await refreshWithCookie(phone.response);
    await refreshWithCookie(phone.response); // reuse → phone family revoked
    expect((await refreshWithCookie(laptop.response)).statusCode).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    const { response } = await signIn(t.app, createWallet());
    t.clock.advance(t.config.refreshTokenTtlSeconds * 1000);
    const refreshed = await refreshWithCookie(response);
    expect(refreshed.statusCode).toBe(401);
    expect(errorOf(refreshed).message).toBe(REFRESH_ERRORS.expired);
  });

  it('answers 401 without a token or with an unknown one, and clears the cookie', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(none.statusCode).toBe(401);
    expect(errorOf(none)).toEqual({ code: 'REFRESH_TOKEN_INVALID', message: REFRESH_ERRORS.missing });
    const emptyJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode).toBe(401);
    const unknown = await refreshWithRawCookie('not-a-real-token');
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(unknown).message).toBe(REFRESH_ERRORS.invalid);
    expect(unknown.cookies.find((c) => c.name.startsWith('jelly_rt_'))?.value).toBe('');
  });

  it('refuses and revokes the session of a wallet banned after signing in', async () => {
    const wallet = createWallet();
    const { response } = await signIn(t.app, wallet);
    const until = new Date(t.clock.now().getTime() + 60 * 60 * 1000);
    await t.app.db.insert(bans).values({
      id: randomUUID(),
      wallet: wallet.address,
      reason: 'Chargeback fraud',
      until,
      createdBy: 'admin',
      createdAt: t.clock.now(),
    });
    const refused = await refreshWithCookie(response);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'WALLET_BANNED', details: { reason: 'Chargeback fraud', until: until.toISOString() } });

    t.clock.set(new Date(until.getTime() + 1));
    expect((await refreshWithCookie(response)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session, clears the cookie and answers 204', async () => {
    const { response } = await signIn(t.app, createWallet());
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: withCookie(response) });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const cleared = out.cookies.find((c) => c.name.startsWith('jelly_rt_'));
    expect(cleared).toMatchObject({ value: '', path: '/api/auth' });
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());

    const refreshed = await refreshWithCookie(response);
    expect(refreshed.statusCode).toBe(401);
    expect(errorOf(refreshed).message).toBe(REFRESH_ERRORS.invalid);
  });

  it('revokes tokens already rotated from the same sign-in', async () => {
    const { response } = await signIn(t.app, createWallet());
    const rotated = await refreshWithCookie(response);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: withCookie(rotated) });
    expect((await refreshWithCookie(rotated)).statusCode).toBe(401);
  });

  it('is idempotent: no token or an unknown token still answers 204', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: 'nope' } })).statusCode).toBe(204);
  });
});
