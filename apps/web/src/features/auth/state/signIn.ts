import { createAsyncThunk } from '@reduxjs/toolkit';
import { authRequest } from '@jelly/contracts';
import { AUTH_NETWORK } from '@jelly/domain';
import { errorReason, unwrapApi } from '../../../lib/api/apiError.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { assertSignInChallenge, authApi, freshNonce } from '../api/authApi.ts';
import { endSession } from './endSession.ts';
import type { AuthThunkConfig } from './types.ts';
import { nonceReceived, signedIn, signInFailed, type SignedInPayload } from './userSlice.ts';

export type SignMessage = (message: Uint8Array) => Promise<Uint8Array>;

export interface SignInArgs {
  wallet: string;
  /** The connected wallet's signMessage; undefined when the wallet cannot sign messages. */
  signMessage: SignMessage | undefined;
  /** The wallet changed: log the previous session out first. */
  replacePrevious?: boolean;
}

/**
 * Sign-in: nonce → the wallet signs the UTF-8 message → POST /auth with the
 * base58 signature → tokens stored. Only one attempt runs at a time; a failure shows
 * 'Sign-in failed: <reason>' and is not retried automatically for the same wallet.
 */
export const signIn = createAsyncThunk<SignedInPayload, SignInArgs, AuthThunkConfig & { rejectValue: string }>(
  'session/signIn',
  async ({ wallet, signMessage, replacePrevious }, { dispatch, extra, rejectWithValue }) => {
    try {
      if (replacePrevious) await endSession(extra, dispatch);
      if (!signMessage) throw new Error('This wallet cannot sign messages');
      const challenge = await unwrapApi(dispatch(authApi.endpoints.authNonce.initiate(wallet, freshNonce)));
      const { nonce, message } = assertSignInChallenge(challenge, wallet);
      dispatch(nonceReceived(nonce));
      const signature = await signMessage(new TextEncoder().encode(message));
      // Loaded here, not with the page: a signed-out visitor downloads no wallet encoding code.
      const { default: bs58 } = await import('bs58');
      const body = authRequest.parse({ network: AUTH_NETWORK, wallet, nonce, signature: bs58.encode(signature) });
      const tokens = await unwrapApi(dispatch(authApi.endpoints.signIn.initiate(body, { track: false })));
      extra.tokens.save(tokens);
      const payload: SignedInPayload = { wallet, token: tokens.accessToken, isAdmin: tokens.isAdmin };
      dispatch(signedIn(payload));
      return payload;
    } catch (error) {
      const reason = errorReason(error);
      dispatch(signInFailed(reason));
      dispatch(showToast.error(`Sign-in failed: ${reason}`));
      return rejectWithValue(reason);
    }
  },
  { condition: (_args, { getState }) => !getState().session.signingIn },
);
