import { describe, expect, it } from 'vitest';
import { buildSignInMessage, parseSignInMessage, type SignInMessageFields } from './auth-message.ts';

const fields: SignInMessageFields = {
  domain: 'localhost:8080',
  wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  uri: 'http://localhost:8080',
  nonce: 'Bv3cS7h1yRkq9mXw2ZtP4d',
  issuedAt: new Date('2026-01-02T03:04:05.000Z'),
  expiresAt: new Date('2026-01-02T03:09:05.000Z'),
};

describe('buildSignInMessage', () => {
  it('lays the fields out as a Sign-In With Solana message', () => {
    expect(buildSignInMessage(fields).split('\n')).toEqual([
      'localhost:8080 wants you to sign in with your Solana account:',
      '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
      '',
      'Sign in to Jelly.',
      '',
      'URI: http://localhost:8080',
      'Version: 1',
      'Chain ID: solana',
      'Nonce: Bv3cS7h1yRkq9mXw2ZtP4d',
      'Issued At: 2026-01-02T03:04:05.000Z',
      'Expiration Time: 2026-01-02T03:09:05.000Z',
    ]);
  });

  it('changes when any field changes, so a signature covers every field', () => {
    const base = buildSignInMessage(fields);
    const variants: Partial<SignInMessageFields>[] = [
      { domain: 'evil.example' },
      { wallet: '11111111111111111111111111111111' },
      { uri: 'https://evil.example' },
      { nonce: 'other' },
      { issuedAt: new Date('2026-01-02T03:04:06.000Z') },
      { expiresAt: new Date('2027-01-02T03:09:05.000Z') },
    ];
    for (const change of variants) expect(buildSignInMessage({ ...fields, ...change })).not.toBe(base);
  });
});

describe('parseSignInMessage', () => {
  it('reads back what buildSignInMessage wrote', () => {
    expect(parseSignInMessage(buildSignInMessage(fields))).toEqual(fields);
  });

  it.each([
    ['empty text', ''],
    ['another statement', buildSignInMessage(fields).replace('Sign in to Jelly.', 'Send all funds.')],
    ['a bad date', buildSignInMessage(fields).replace('Issued At: 2026-01-02T03:04:05.000Z', 'Issued At: yesterday')],
    ['an extra line', `${buildSignInMessage(fields)}\nResources: x`],
    ['another version', buildSignInMessage(fields).replace('Version: 1', 'Version: 2')],
  ])('rejects %s', (_label, text) => {
    expect(parseSignInMessage(text)).toBeNull();
  });
});
