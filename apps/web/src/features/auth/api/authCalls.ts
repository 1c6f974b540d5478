import { apiPaths, authRequest, authResponse, nonceResponse, parseSignInMessage, type AuthResponse, type NonceResponse } from '@jelly/contracts';
import { AUTH_NETWORK } from '@jelly/domain';
import type { ApiClient } from '../../../lib/api/apiClient.ts';

/** GET /auth/nonce?wallet= — a single-use nonce and the exact message to sign. */
export async function fetchNonce(client: ApiClient, wallet: string): Promise<NonceResponse> {
  const challenge = await client.json(`${apiPaths.authNonce}?${new URLSearchParams({ wallet })}`, nonceResponse);
  // Never sign a message that is not a sign-in for this wallet with this nonce.
  const fields = parseSignInMessage(challenge.message);
  if (!fields || fields.wallet !== wallet || fields.nonce !== challenge.nonce) {
    throw new Error('The server sent an unexpected sign-in message');
  }
  return challenge;
}

/** POST /auth — exchanges the signed nonce for tokens. */
export function postAuth(client: ApiClient, wallet: string, nonce: string, signature: string): Promise<AuthResponse> {
  const body = authRequest.parse({ network: AUTH_NETWORK, wallet, nonce, signature });
  return client.json(apiPaths.auth, authResponse, { method: 'POST', body });
}

/** POST /auth/logout — revokes the session of the httpOnly refresh cookie the browser sends. */
export function postLogout(client: ApiClient): Promise<void> {
  return client.send(apiPaths.authLogout, { method: 'POST' });
}
