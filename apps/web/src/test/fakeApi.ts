import { buildSignInMessage } from '@jelly/contracts';

export interface RecordedCall {
  method: string;
  path: string;
  url: string;
  headers: Headers;
  body: string;
  credentials: RequestCredentials;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (status: number, code: string, message: string, details?: Record<string, unknown>) =>
  json(status, { error: { code, message, ...(details ? { details } : {}) } });

/**
 * The network boundary of the unit tests: a fetch that answers from handlers keyed by
 * 'METHOD /path' and records every call. Unknown routes answer 404 like the real API.
 */
export function fakeApi(handlers: Record<string, Handler> = {}) {
  const calls: RecordedCall[] = [];
  const routes = new Map(Object.entries(handlers));
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      url: request.url,
      headers: request.headers,
      body: await request.text(),
      credentials: request.credentials,
    };
    calls.push(call);
    const handler = routes.get(`${call.method} ${call.path}`);
    return handler ? handler(call) : apiError(404, 'NOT_FOUND', `No route ${call.method} ${call.path}`);
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    calls,
    on(route: string, handler: Handler) {
      routes.set(route, handler);
    },
    callsTo(route: string) {
      const [method, path] = route.split(' ');
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}

/** An unsigned JWT with our claims: the app only reads it (the server verifies). */
export function fakeJwt(sub: string, isAdmin = false): string {
  const enc = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${enc({ alg: 'EdDSA', typ: 'JWT' })}.${enc({ sub, isAdmin, exp: 4102444800 })}.c2ln`;
}

export const WALLET_A = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
export const WALLET_B = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH';

/** Handlers for a sign-in that succeeds, as the real API answers it. */
export function signInHandlers(options: { expiresInMs?: number; isAdmin?: boolean } = {}) {
  let counter = 0;
  const issued: string[] = [];
  const challenges: { nonce: string; message: string }[] = [];
  return {
    issued,
    challenges,
    handlers: {
      'GET /api/auth/nonce': (call: RecordedCall) => {
        const wallet = new URL(call.url).searchParams.get('wallet') ?? '';
        counter += 1;
        const nonce = `nonce${counter}abcdef`;
        const now = new Date();
        const message = buildSignInMessage({
          domain: 'localhost:3000',
          wallet,
          uri: 'http://localhost:3000',
          nonce,
          issuedAt: now,
          expiresAt: new Date(now.getTime() + 300_000),
        });
        challenges.push({ nonce, message });
        return json(200, { nonce, message, expiresAt: new Date(now.getTime() + 300_000).toISOString() });
      },
      'POST /api/auth': (call: RecordedCall) => {
        const body = JSON.parse(call.body) as { wallet: string };
        const accessToken = fakeJwt(body.wallet, options.isAdmin ?? false);
        issued.push(body.wallet);
        return json(200, {
          accessToken,
          jwtExpiresAt: new Date(Date.now() + (options.expiresInMs ?? 900_000)).toISOString(),
          isAdmin: options.isAdmin ?? false,
        });
      },
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    } satisfies Record<string, Handler>,
  };
}
