import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ThunkExtra } from '../../../lib/api/thunkExtra.ts';

// The auth state's shapes live here, in a file that imports no slice or thunk: the slices react to the thunks, and
// the thunks are typed by the whole auth state, so a shape kept beside its slice would tie them in a circle.

/** The session user: wallet, nonce, error, token, isAdmin. */
export interface UserState {
  wallet: string | null;
  nonce: string | null;
  error: string | null;
  token: string | null;
  isAdmin: boolean;
}

/** Book-keeping of sign-in attempts: one at a time, no automatic repeat for the same wallet. */
export interface SessionState {
  signingIn: boolean;
  /** A wallet the app must not sign in automatically (its attempt failed, or it just logged out). */
  noAutoSignInFor: string | null;
}

/** The part of the app state the auth feature reads. */
export interface AuthRootState {
  user: UserState;
  session: SessionState;
}

export type AuthDispatch = ThunkDispatch<AuthRootState, ThunkExtra, UnknownAction>;
export interface AuthThunkConfig {
  state: AuthRootState;
  extra: ThunkExtra;
  dispatch: AuthDispatch;
}
