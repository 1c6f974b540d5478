import type { ErrorResponse } from '@jelly/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_AUDIENCE } from '../modules/auth/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { signIn } from '../../test/helpers/sign-in.ts';
import { createWallet } from '../../test/helpers/wallet.ts';

const admin = createWallet();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    config: { adminWallets: new Set([admin.address]) },
    extend: (app) => {
      // A route guarded like every future /admin/* route.
      app.get('/api/test/admin-only', { preHandler: [app.authenticate, app.requireAdmin] }, async (request) => ({
        wallet: request.user?.wallet,
      }));
    },
  });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, authorization?: string) =>
  t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

describe('app.authenticate', () => {
  it.each([
    ['no header', undefined],
    ['a non-bearer scheme', 'Basic dXNlcjpwYXNz'],
    ['a bearer that is not a JWT', 'Bearer abc'],
    ['a JWT with a broken signature', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
  ])('answers 401 UNAUTHORIZED for %s', async (_label, authorization) => {
    const response = await get('/api/auth/me', authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorResponse>().error.code).toBe('UNAUTHORIZED');
  });

  it('refuses a token once it has expired (injected clock)', async () => {
    const { body } = await signIn(t.app, createWallet());
    t.clock.advance(t.config.accessTokenTtlSeconds * 1000 - 1000);
    expect((await get('/api/auth/me', `Bearer ${body.accessToken}`)).statusCode).toBe(200);
    t.clock.advance(1000);
    const expired = await get('/api/auth/me', `Bearer ${body.accessToken}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json<ErrorResponse>().error.message).toBe('The access token has expired.');
  });

  it('refuses a token signed with another secret, or for another site', async () => {
    // The admin's wallet: admin routes also need the wallet in ADMIN_WALLETS, not only the claim.
    const wallet = admin.address;
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const forge = (secret: Uint8Array, issuer: string) =>
      new SignJWT({ isAdmin: true })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(wallet)
        .setIssuer(issuer)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(secret);
    const otherSecret = await forge(new Uint8Array(32).fill(1), t.config.publicUrl);
    const otherSite = await forge(t.config.jwtSecret, 'http://localhost:9999');
    const genuine = await forge(t.config.jwtSecret, t.config.publicUrl);
    expect((await get('/api/test/admin-only', `Bearer ${otherSecret}`)).statusCode).toBe(401);
    expect((await get('/api/test/admin-only', `Bearer ${otherSite}`)).statusCode).toBe(401);
    expect((await get('/api/test/admin-only', `Bearer ${genuine}`)).statusCode).toBe(200);
  });

  it('refuses an unsigned (alg none) token', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const token = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: admin.address, isAdmin: true, iss: t.config.publicUrl, aud: ACCESS_TOKEN_AUDIENCE, exp: now + 600 })}.`;
    expect((await get('/api/test/admin-only', `Bearer ${token}`)).statusCode).toBe(401);
  });
});

describe('app.requireAdmin', () => {
  it('lets an admin through', async () => {
    const { body } = await signIn(t.app, admin);
    const response = await get('/api/test/admin-only', `Bearer ${body.accessToken}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ wallet: admin.address });
  });

  it('answers 403 FORBIDDEN to a signed-in non-admin and 401 to a visitor', async () => {
    const { body } = await signIn(t.app, createWallet());
    const forbidden = await get('/api/test/admin-only', `Bearer ${body.accessToken}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<ErrorResponse>().error.code).toBe('FORBIDDEN');
    expect((await get('/api/test/admin-only')).statusCode).toBe(401);
  });
});
