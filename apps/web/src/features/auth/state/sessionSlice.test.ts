import { describe, expect, it } from 'vitest';
import { walletBanned } from '../../../lib/session/session.ts';
import { nextSessionStep } from './nextSessionStep.ts';
import { sessionSlice } from './sessionSlice.ts';

const WALLET = 'Ban1111111111111111111111111111111111111111';

describe('session book-keeping', () => {
  it('a banned wallet, still connected after its session ended, is not signed in again by itself', () => {
    const state = sessionSlice.reducer(undefined, walletBanned(WALLET));
    expect(state.noAutoSignInFor).toBe(WALLET);
    const step = nextSessionStep({ connectedWallet: WALLET, signedInWallet: null, hasToken: false, signingIn: false, noAutoSignInFor: state.noAutoSignInFor });
    expect(step).toEqual({ kind: 'none' });
  });

  it('Connect Wallet pressed again lets it try (and the server tells why it refuses)', () => {
    const banned = sessionSlice.reducer(undefined, walletBanned(WALLET));
    const state = sessionSlice.reducer(banned, sessionSlice.actions.autoSignInAllowed());
    const step = nextSessionStep({ connectedWallet: WALLET, signedInWallet: null, hasToken: false, signingIn: false, noAutoSignInFor: state.noAutoSignInFor });
    expect(step).toEqual({ kind: 'signIn', wallet: WALLET });
  });
});
