import { describe, expect, it } from 'vitest';
import { authRequest, errorResponse, paymentsQuery, walletAddress } from './index.ts';

const wallet = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const signature = '5'.repeat(88);

describe('walletAddress', () => {
  it.each([
    [wallet, true],
    ['So11111111111111111111111111111111111111112', true],
    ['0xabc', false],
    ['O'.repeat(44), false],
    ['1'.repeat(31), false],
  ])('%s → valid %s', (value, valid) => {
    expect(walletAddress.safeParse(value).success).toBe(valid);
  });
});

describe('authRequest', () => {
  it('accepts a sol sign-in', () => {
    expect(authRequest.parse({ network: 'sol', wallet, nonce: 'abc', signature })).toEqual({
      network: 'sol',
      wallet,
      nonce: 'abc',
      signature,
    });
  });

  it('rejects another network and a non-base58 signature', () => {
    expect(authRequest.safeParse({ network: 'eth', wallet, nonce: 'abc', signature }).success).toBe(false);
    expect(authRequest.safeParse({ network: 'sol', wallet, nonce: 'abc', signature: '0'.repeat(88) }).success).toBe(false);
  });
});

describe('paymentsQuery', () => {
  it.each([
    ['0', 0],
    ['1', 1],
  ])('coerces type=%s', (raw, parsed) => {
    expect(paymentsQuery.parse({ type: raw })).toEqual({ type: parsed });
  });

  it.each(['2', 'x', ''])('rejects type=%s', (raw) => {
    expect(paymentsQuery.safeParse({ type: raw }).success).toBe(false);
  });
});

describe('errorResponse', () => {
  it('allows optional details', () => {
    expect(errorResponse.safeParse({ error: { code: 'X', message: 'y' } }).success).toBe(true);
    expect(
      errorResponse.safeParse({ error: { code: 'WALLET_BANNED', message: 'b', details: { reason: 'r', until: 'u' } } })
        .success,
    ).toBe(true);
    expect(errorResponse.safeParse({ error: { code: 'X' } }).success).toBe(false);
  });
});
