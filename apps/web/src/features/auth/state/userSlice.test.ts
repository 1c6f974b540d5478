import { describe, expect, it } from 'vitest';
import { fakeJwt, WALLET_A } from '../../../test/fakeApi.ts';
import { emptyUser, restoreUser, signedIn, userCleared, userSlice } from './userSlice.ts';

describe('user slice', () => {
  it('restores the token and whose it is at startup', () => {
    const token = fakeJwt(WALLET_A, true);
    expect(restoreUser(token)).toEqual({ ...emptyUser, token, wallet: WALLET_A, isAdmin: true });
  });

  it('ignores a stored token it cannot read', () => {
    expect(restoreUser('garbage')).toEqual(emptyUser);
    expect(restoreUser(null)).toEqual(emptyUser);
  });

  it('clearing resets wallet, nonce, error and token but not isAdmin', () => {
    let state = userSlice.reducer(undefined, signedIn({ wallet: WALLET_A, token: 't', isAdmin: true }));
    state = { ...state, nonce: 'n', error: 'e' };
    expect(userSlice.reducer(state, userCleared())).toEqual({ wallet: null, nonce: null, error: null, token: null, isAdmin: true });
  });
});
