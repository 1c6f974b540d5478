import type { AuthResponse, NonceResponse } from '@jelly/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestWallet } from './wallet.ts';

export async function requestNonce(app: FastifyInstance, wallet: string): Promise<NonceResponse> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/nonce', query: { wallet } });
  if (response.statusCode !== 200) throw new Error(`nonce failed: ${response.statusCode} ${response.body}`);
  return response.json<NonceResponse>();
}

export async function postAuth(
  app: FastifyInstance,
  body: { network?: string; wallet: string; nonce: string; signature: string },
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth', payload: { network: 'sol', ...body } });
}

/** The full browser flow: nonce → wallet signs the message → POST /auth. */
export async function signIn(
  app: FastifyInstance,
  wallet: TestWallet,
): Promise<{ body: AuthResponse; response: LightMyRequestResponse }> {
  const nonce = await requestNonce(app, wallet.address);
  const response = await postAuth(app, { wallet: wallet.address, nonce: nonce.nonce, signature: wallet.sign(nonce.message) });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { body: response.json<AuthResponse>(), response };
}

/** The refresh cookie (name=value) set by a response, for sending it back. */
export function refreshCookieOf(response: LightMyRequestResponse): { name: string; value: string } {
  const cookie = response.cookies.find((c) => c.name.startsWith('jelly_rt_'));
  if (!cookie) throw new Error('no refresh cookie in response');
  return { name: cookie.name, value: cookie.value };
}
