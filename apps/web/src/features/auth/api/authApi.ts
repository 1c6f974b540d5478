import { apiPaths, authResponse, nonceResponse, parseSignInMessage, type AuthRequest, type AuthResponse, type NonceResponse } from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';

// The refresh token travels only in an httpOnly cookie: sign-in sets it and logout sends it, so both carry
// credentials. The client's fetch neither refreshes nor retries these auth paths.
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /auth/nonce?wallet= — a single-use nonce and the exact message to sign: never served from the cache. */
    authNonce: build.query<NonceResponse, string>({
      query: (wallet) => ({ url: apiPaths.authNonce, params: { wallet } }),
      responseSchema: nonceResponse,
      keepUnusedDataFor: 0,
    }),
    /** POST /auth — exchanges the signed nonce for tokens. */
    signIn: build.mutation<AuthResponse, AuthRequest>({
      query: (body) => ({ url: apiPaths.auth, method: 'POST', body, credentials: 'include' }),
      responseSchema: authResponse,
    }),
    /** POST /auth/logout — revokes the session of the refresh cookie the browser sends. */
    logout: build.mutation<null, void>({
      query: () => ({ url: apiPaths.authLogout, method: 'POST', credentials: 'include' }),
    }),
  }),
});

/** A nonce is read fresh every time and not kept. */
export const freshNonce = { subscribe: false, forceRefetch: true } as const;

/** Never sign a message that is not a sign-in for this wallet with this nonce. */
export function assertSignInChallenge(challenge: NonceResponse, wallet: string): NonceResponse {
  const fields = parseSignInMessage(challenge.message);
  if (!fields || fields.wallet !== wallet || fields.nonce !== challenge.nonce) {
    throw new Error('The server sent an unexpected sign-in message');
  }
  return challenge;
}
