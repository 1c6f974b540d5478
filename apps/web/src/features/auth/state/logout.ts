import { createAsyncThunk } from '@reduxjs/toolkit';
import { endSession } from './endSession.ts';
import { autoSignInBlocked } from './sessionSlice.ts';
import type { AuthThunkConfig } from './types.ts';

export interface LogoutArgs {
  /** Disconnects the wallet after the session is closed (the 'Log Out?' confirmation does this). */
  disconnectWallet?: () => Promise<void>;
}

/** Logout: POST /auth/logout, clear the tokens, disconnect the wallet. */
export const logout = createAsyncThunk<void, LogoutArgs | undefined, AuthThunkConfig>(
  'session/logout',
  async (args, { dispatch, getState, extra }) => {
    // While the wallet is still connected, it must not be signed in again automatically.
    dispatch(autoSignInBlocked(getState().user.wallet));
    await endSession(extra, dispatch);
    if (args?.disconnectWallet) {
      try {
        await args.disconnectWallet();
      } catch {
        // the wallet refused to disconnect: the session is closed anyway
      }
    }
  },
);
