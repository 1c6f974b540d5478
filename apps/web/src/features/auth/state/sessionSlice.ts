import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { walletBanned } from '../../../lib/session/session.ts';
import { signIn } from './signIn.ts';
import type { SessionState } from './types.ts';

const initialState: SessionState = { signingIn: false, noAutoSignInFor: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    autoSignInBlocked(state, action: PayloadAction<string | null>) {
      state.noAutoSignInFor = action.payload;
    },
    /** The user asked to connect again (Connect Wallet, then the chooser closed): a failed wallet may retry. */
    autoSignInAllowed(state) {
      state.noAutoSignInFor = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signIn.pending, (state) => {
        state.signingIn = true;
      })
      .addCase(signIn.fulfilled, (state) => {
        state.signingIn = false;
        state.noAutoSignInFor = null;
      })
      .addCase(signIn.rejected, (state, action) => {
        // A rejection by `condition` (an attempt already running) changes nothing.
        if (action.meta.condition) return;
        state.signingIn = false;
        state.noAutoSignInFor = action.meta.arg.wallet;
      })
      .addCase(walletBanned, (state, action) => {
        state.noAutoSignInFor = action.payload;
      });
  },
});

export const { autoSignInBlocked, autoSignInAllowed } = sessionSlice.actions;
