import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token.ts';

const wallet = Keypair.generate().publicKey.toBase58();
const secret = (byte: number) => new Uint8Array(32).fill(byte);
const config = (jwtSecret: Uint8Array, at: Date) => ({ jwtSecret, publicUrl: 'http://localhost:8080', now: () => at, accessTokenTtlSeconds: 900 });

describe('access tokens, verified once per process', () => {
  const issued = new Date('2026-11-28T10:00:00Z');

  it('answers a token it verified before from its claims, and still sees the token expire', async () => {
    const key = secret(1);
    const { token, expiresAt } = await signAccessToken(config(key, issued), { wallet, isAdmin: false });
    expect(await verifyAccessToken(config(key, issued), token)).toEqual({ ok: true, user: { wallet, isAdmin: false } });
    expect(await verifyAccessToken(config(key, new Date(expiresAt.getTime() - 1)), token)).toEqual({ ok: true, user: { wallet, isAdmin: false } });
    expect(await verifyAccessToken(config(key, expiresAt), token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('never takes a token verified under one secret for another secret', async () => {
    const { token } = await signAccessToken(config(secret(2), issued), { wallet, isAdmin: true });
    expect((await verifyAccessToken(config(secret(2), issued), token)).ok).toBe(true);
    expect(await verifyAccessToken(config(secret(3), issued), token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a token changed by one character after a verified one', async () => {
    const key = secret(4);
    const { token } = await signAccessToken(config(key, issued), { wallet, isAdmin: false });
    expect((await verifyAccessToken(config(key, issued), token)).ok).toBe(true);
    const forged = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    expect(await verifyAccessToken(config(key, issued), forged)).toEqual({ ok: false, reason: 'invalid' });
  });
});
