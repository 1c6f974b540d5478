import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ThunkExtra } from '../../../lib/api/thunkExtra.ts';
import type { SessionState } from './sessionSlice.ts';
import type { UserState } from './userSlice.ts';

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
