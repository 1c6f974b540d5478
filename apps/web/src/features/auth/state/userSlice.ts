import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readTokenClaims } from './tokenClaims.ts';
import type { UserState } from './types.ts';

export const emptyUser: UserState = { wallet: null, nonce: null, error: null, token: null, isAdmin: false };

/** The state at startup: the token restored from storage (accessToken) and whose it is. */
export function restoreUser(accessToken: string | null): UserState {
  const claims = readTokenClaims(accessToken);
  if (!accessToken || !claims) return emptyUser;
  return { ...emptyUser, token: accessToken, wallet: claims.sub, isAdmin: claims.isAdmin };
}

export interface SignedInPayload {
  wallet: string;
  token: string;
  isAdmin: boolean;
}

export const userSlice = createSlice({
  name: 'user',
  initialState: emptyUser,
  reducers: {
    walletSet(state, action: PayloadAction<string>) {
      state.wallet = action.payload;
    },
    nonceReceived(state, action: PayloadAction<string>) {
      state.nonce = action.payload;
    },
    signedIn(state, action: PayloadAction<SignedInPayload>) {
      state.wallet = action.payload.wallet;
      state.token = action.payload.token;
      state.isAdmin = action.payload.isAdmin;
      state.error = null;
    },
    /** A refresh rotated the token (the wallet stays the same). */
    tokenRefreshed(state, action: PayloadAction<{ token: string; isAdmin: boolean }>) {
      state.token = action.payload.token;
      state.isAdmin = action.payload.isAdmin;
    },
    signInFailed(state, action: PayloadAction<string>) {
      state.error = action.payload;
      state.nonce = null;
      state.token = null;
    },
    /** Clearing resets wallet, nonce, error and token but not isAdmin. */
    userCleared(state) {
      state.wallet = null;
      state.nonce = null;
      state.error = null;
      state.token = null;
    },
  },
});

export const { walletSet, nonceReceived, signedIn, tokenRefreshed, signInFailed, userCleared } = userSlice.actions;

export const selectUser = (state: { user: UserState }) => state.user;
/** Signed in = a token and the wallet it belongs to. */
export const selectIsSignedIn = (state: { user: UserState }) => Boolean(state.user.token && state.user.wallet);
