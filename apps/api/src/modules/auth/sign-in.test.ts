import { parseSignInMessage, type ErrorResponse, type MeResponse } from '@jelly/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import bs58 from 'bs58';
import { bans } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { postAuth, requestNonce, signIn } from '../../../test/helpers/sign-in.ts';
import { SIGN_IN_ERRORS } from './sign-in.ts';

const admin = createWallet();
const wallet = createWallet();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { adminWallets: new Set([admin.address]) } });
});
afterAll(async () => {
  await t.close();
});

const errorOf = (body: string) => JSON.parse(body) as ErrorResponse;

describe('GET /api/auth/nonce', () => {
  it('returns a fresh ≥128-bit nonce and the message naming the site, wallet, nonce and expiry', async () => {
    const wallet = createWallet();
    const before = t.clock.now();
    const first = await requestNonce(t.app, wallet.address);
    const second = await requestNonce(t.app, wallet.address);

    expect(first.nonce).not.toBe(second.nonce);
    expect(bs58.decode(first.nonce).length).toBeGreaterThanOrEqual(16);
    const fields = parseSignInMessage(first.message);
    expect(fields).toMatchObject({
      domain: new URL(t.config.publicUrl).host,
      uri: t.config.publicUrl,
      wallet: wallet.address,
      nonce: first.nonce,
    });
    expect(fields?.issuedAt.getTime()).toBe(before.getTime());
    expect(new Date(first.expiresAt).getTime() - before.getTime()).toBe(5 * 60 * 1000);
    expect(fields?.expiresAt.toISOString()).toBe(first.expiresAt);
  });

  it.each([
    ['missing', ''],
    ['not base58', '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl'],
    ['31 bytes of base58', bs58.encode(new Uint8Array(31).fill(7))],
  ])('rejects a %s wallet with 400', async (_label, wallet) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/nonce', query: { wallet } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).error.code).toBe('VALIDATION_ERROR');
  });
});

describe('POST /api/auth', () => {
  it('signs in with a real signature; the access token opens /auth/me', async () => {
    const wallet = createWallet();
    const { body } = await signIn(t.app, wallet);
    expect(body.isAdmin).toBe(false);
    expect(body).not.toHaveProperty('refreshToken');
    expect(new Date(body.jwtExpiresAt).getTime()).toBe(t.clock.now().getTime() - (t.clock.now().getTime() % 1000) + 15 * 60 * 1000);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<MeResponse>()).toEqual({
      wallet: wallet.address,
      isAdmin: false,
      createdAt: t.clock.now().toISOString(),
    });
  });

  it('keeps the account creation date across later sign-ins', async () => {
    const wallet = createWallet();
    const firstSeen = t.clock.now().toISOString();
    await signIn(t.app, wallet);
    t.clock.advance(3 * 24 * 60 * 60 * 1000);
    const { body } = await signIn(t.app, wallet);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.accessToken}` } });
    expect(me.json<MeResponse>().createdAt).toBe(firstSeen);
  });

  it('marks wallets listed in ADMIN_WALLETS as admins', async () => {
    const { body } = await signIn(t.app, admin);
    expect(body.isAdmin).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.accessToken}` } });
    expect(me.json<MeResponse>().isAdmin).toBe(true);
  });

  it('accepts a nonce only once', async () => {
    const wallet = createWallet();
    const nonce = await requestNonce(t.app, wallet.address);
    const body = { wallet: wallet.address, nonce: nonce.nonce, signature: wallet.sign(nonce.message) };
    expect((await postAuth(t.app, body)).statusCode).toBe(200);
    const replay = await postAuth(t.app, body);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay.body).error).toEqual({ code: 'NONCE_INVALID', message: SIGN_IN_ERRORS.usedNonce });
  });

  it('lets exactly one of two concurrent sign-ins with the same nonce through', async () => {
    const wallet = createWallet();
    const nonce = await requestNonce(t.app, wallet.address);
    const body = { wallet: wallet.address, nonce: nonce.nonce, signature: wallet.sign(nonce.message) };
    const results = await Promise.all([postAuth(t.app, body), postAuth(t.app, body), postAuth(t.app, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('refuses an expired nonce', async () => {
    const wallet = createWallet();
    const nonce = await requestNonce(t.app, wallet.address);
    t.clock.advance(5 * 60 * 1000);
    const response = await postAuth(t.app, { wallet: wallet.address, nonce: nonce.nonce, signature: wallet.sign(nonce.message) });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response.body).error).toEqual({ code: 'NONCE_INVALID', message: SIGN_IN_ERRORS.expiredNonce });
  });

  it('accepts a nonce just before it expires', async () => {
    const wallet = createWallet();
    const nonce = await requestNonce(t.app, wallet.address);
    t.clock.advance(5 * 60 * 1000 - 1);
    const response = await postAuth(t.app, { wallet: wallet.address, nonce: nonce.nonce, signature: wallet.sign(nonce.message) });
    expect(response.statusCode).toBe(200);
  });

  it("refuses another wallet's nonce, even signed by that other wallet", async () => {
    const victim = createWallet();
    const attacker = createWallet();
    const nonce = await requestNonce(t.app, victim.address);
    const response = await postAuth(t.app, {
      wallet: attacker.address,
      nonce: nonce.nonce,
      signature: attacker.sign(nonce.message.replace(victim.address, attacker.address)),
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response.body).error).toEqual({ code: 'NONCE_INVALID', message: SIGN_IN_ERRORS.foreignNonce });
  });

  it('refuses an unknown nonce', async () => {
    const wallet = createWallet();
    const response = await postAuth(t.app, { wallet: wallet.address, nonce: 'doesnotexist', signature: wallet.sign('x') });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response.body).error).toEqual({ code: 'NONCE_INVALID', message: SIGN_IN_ERRORS.unknownNonce });
  });

  it.each([
    ['another key', (message: string) => createWallet().sign(message)],
    ['another message', (message: string) => wallet.sign(message.replace('Sign in to Jelly.', 'Sign in to Jelly!'))],
    ['a different expiry', (message: string) => wallet.sign(message.replace(/Expiration Time: .*/, 'Expiration Time: 2999-01-01T00:00:00.000Z'))],
  ])('refuses a signature made with %s, and the nonce stays usable', async (_label, forge) => {
    const nonce = await requestNonce(t.app, wallet.address);
    const bad = await postAuth(t.app, { wallet: wallet.address, nonce: nonce.nonce, signature: forge(nonce.message) });
    expect(bad.statusCode).toBe(401);
    expect(errorOf(bad.body).error).toEqual({ code: 'SIGNATURE_INVALID', message: SIGN_IN_ERRORS.badSignature });
    const good = await postAuth(t.app, { wallet: wallet.address, nonce: nonce.nonce, signature: wallet.sign(nonce.message) });
    expect(good.statusCode).toBe(200);
  });

  it.each([
    ['a wallet that is not 32 bytes', { wallet: bs58.encode(new Uint8Array(33).fill(9)) }, 'Invalid wallet address'],
    ['a wallet with non-base58 characters', { wallet: '0'.repeat(44) }, 'Invalid wallet address'],
    ['a signature that is not 64 bytes', { signature: bs58.encode(new Uint8Array(63).fill(9)) }, 'Invalid signature'],
    ['a signature with non-base58 characters', { signature: 'l'.repeat(88) }, 'Invalid signature'],
    ['another network', { network: 'eth' }, 'network'],
    ['a missing nonce', { nonce: '' }, 'nonce'],
  ])('answers 400 (not 500) for %s', async (_label, change, messagePart) => {
    const nonce = await requestNonce(t.app, wallet.address);
    const response = await postAuth(t.app, {
      wallet: wallet.address,
      nonce: nonce.nonce,
      signature: wallet.sign(nonce.message),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body).error;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain(messagePart);
  });

  it('answers 400 for a body that is not JSON or not an object', async () => {
    const notJson = await t.app.inject({ method: 'POST', url: '/api/auth', headers: { 'content-type': 'application/json' }, payload: '{"network":' });
    expect(notJson.statusCode).toBe(400);
    expect(errorOf(notJson.body).error.code).toBe('BAD_REQUEST');
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.body).error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a banned wallet with 403, its reason and end date; an expired ban no longer applies', async () => {
    const banned = createWallet();
    const until = new Date(t.clock.now().getTime() + 24 * 60 * 60 * 1000);
    await t.app.db.insert(bans).values([
      { id: randomUUID(), wallet: banned.address, reason: 'old ban', until: new Date(t.clock.now().getTime() - 1000), createdBy: admin.address, createdAt: t.clock.now() },
      { id: randomUUID(), wallet: banned.address, reason: 'Scam reports', until, createdBy: admin.address, createdAt: t.clock.now() },
    ]);

    const nonce = await requestNonce(t.app, banned.address);
    const response = await postAuth(t.app, { wallet: banned.address, nonce: nonce.nonce, signature: banned.sign(nonce.message) });
    expect(response.statusCode).toBe(403);
    const error = errorOf(response.body).error;
    expect(error.code).toBe('WALLET_BANNED');
    expect(error.details).toEqual({ reason: 'Scam reports', until: until.toISOString() });
    // The end in the app's date format (yyyy-MM-dd HH:mm UTC), never a raw ISO time.
    expect(error.message).toBe(`This wallet is banned until ${until.toISOString().slice(0, 10)} ${until.toISOString().slice(11, 16)} UTC. Reason: Scam reports`);
    expect(response.cookies).toHaveLength(0);

    t.clock.set(new Date(until.getTime() + 1));
    await expect(signIn(t.app, banned)).resolves.toBeDefined();
  });
});

