import { describe, expect, it } from 'vitest';
import { nextSessionStep, type SessionInputs, type SessionStep } from './nextSessionStep.ts';

const A = 'WalletAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const B = 'WalletBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const base: SessionInputs = { connectedWallet: null, signedInWallet: null, hasToken: false, signingIn: false, noAutoSignInFor: null };

describe('nextSessionStep', () => {
  it.each<[string, Partial<SessionInputs>, SessionStep]>([
    ['no wallet connected: nothing', {}, { kind: 'none' }],
    ['connected without a token: sign in', { connectedWallet: A }, { kind: 'signIn', wallet: A }],
    ['an attempt is running: nothing (one at a time)', { connectedWallet: A, signingIn: true }, { kind: 'none' }],
    ['signed in with this wallet: nothing', { connectedWallet: A, hasToken: true, signedInWallet: A }, { kind: 'none' }],
    ['the address changed: log out and sign in with the new one', { connectedWallet: B, hasToken: true, signedInWallet: A }, { kind: 'switchWallet', wallet: B }],
    ['a token nobody can read: replace it', { connectedWallet: A, hasToken: true, signedInWallet: null }, { kind: 'switchWallet', wallet: A }],
    ['this wallet failed before: no automatic retry', { connectedWallet: A, noAutoSignInFor: A }, { kind: 'none' }],
    ['another wallet failed before: sign in', { connectedWallet: B, noAutoSignInFor: A }, { kind: 'signIn', wallet: B }],
    ['switch waits for a running attempt', { connectedWallet: B, hasToken: true, signedInWallet: A, signingIn: true }, { kind: 'none' }],
    ['token kept while the wallet is away: nothing', { hasToken: true, signedInWallet: A }, { kind: 'none' }],
  ])('%s', (_label, inputs, expected) => {
    expect(nextSessionStep({ ...base, ...inputs })).toEqual(expected);
  });
});
