import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT_MESSAGE } from '../src/plugins/text-guard.ts';
import { signIn } from './helpers/sign-in.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createWallet } from './helpers/wallet.ts';

const admin = createWallet();
const user = createWallet();
let t: TestApp;
const tokens = { user: '', admin: '' };

beforeAll(async () => {
  t = await createTestApp({ config: { adminWallets: new Set([admin.address]) } });
  tokens.user = (await signIn(t.app, user)).body.accessToken;
  tokens.admin = (await signIn(t.app, admin)).body.accessToken;
});
afterAll(() => t.close());

const NUL = '\u0000';
/** JSON text with an escaped lone surrogate (JSON.stringify would escape it the same way). */
const loneSurrogateJson = (field: string) => `{"${field}":"receipt \\ud800 paid"}`;

type Probe = [label: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown];

// Each route family, probed in the path, the query string and a JSON body (values and keys).
const probes: Probe[] = [
  ['auth: nonce query', 'GET', '/api/auth/nonce?wallet=%00'],
  ['auth: sign-in body', 'POST', '/api/auth', { network: 'sol', wallet: user.address, nonce: `n${NUL}`, signature: '1'.repeat(88) }],
  ['orders: create body', 'POST', '/api/orders/create-order', { amount: '1', tokenMint: `x${NUL}`, fiatCode: 'EUR', description: `hi${NUL}` }],
  ['orders: create body (lone surrogate)', 'POST', '/api/orders/create-order', loneSurrogateJson('description')],
  ['orders: update body', 'PUT', '/api/orders/update-offers', { orderId: 1, status: 4, reason: `x${NUL}` }],
  ['orders: one order path', 'GET', '/api/orders/1%00'],
  ['market: anonymous query', 'GET', '/api/platform/all-new-offers-unath?fiatCode=EU%00R'],
  ['market: signed-in query', 'GET', '/api/platform/all-new-offers?search=%00'],
  ['market: user offers path', 'GET', '/api/platform/all-user-offers/ab%00cd'],
  ['market: trading stats path', 'GET', '/api/platform/trading-stats/ab%00cd'],
  ['prices: validation query', 'GET', '/api/platform/price-validation?fiatCode=EUR&cryptoSymbol=US%00DC'],
  ['chat: messages path', 'GET', '/api/chat/rooms/1%00/messages'],
  ['chat: add message body', 'POST', '/api/chat/add-messages', { dealId: 1, accountId: user.address, content: `hello${NUL}` }],
  ['chat: add message body (lone surrogate)', 'POST', '/api/chat/add-messages', loneSurrogateJson('content')],
  ['chat: add message body key', 'POST', '/api/chat/add-messages', { dealId: 1, accountId: user.address, content: 'hi', [`k${NUL}`]: 1 }],
  ['notifications: list query', 'GET', '/api/Notification?cursor=%00'],
  ['notifications: read path', 'PUT', '/api/Notification/1%00/read'],
  ['notifications: has-telegram path', 'GET', '/api/platform/has-telegram/ab%00'],
  ['support: body', 'POST', '/api/platform/call-tg-bot', { dealId: 1, buyerWallet: user.address, sellerWallet: admin.address, orderUrl: `http://x/${NUL}` }],
  ['rating: body', 'POST', '/api/rating', { toWallet: admin.address, score: 5, comment: `great${NUL}`, dealId: null }],
  ['rating: reviews path', 'GET', '/api/rating/ab%00/reviews'],
  ['rating: block body', 'POST', '/api/user-bans/ban', { bannedWallet: admin.address, reason: `spam${NUL}` }],
  ['admin: resolve body', 'POST', '/api/admin/orders/1/resolve', { winner: 'buyer', note: `x${NUL}` }],
  ['admin: sign-and-send body', 'POST', '/api/platform/admin/sign-and-send', { transaction: `x${NUL}` }],
  ['attachments: download path', 'GET', '/api/attachments/download/attachments/a%00b'],
  ['realtime: query', 'GET', '/api/realtime?token=%00'],
];

describe('text PostgreSQL cannot store gets a clear 400 on every route family, never a 500', () => {
  it.each(probes)('%s', async (_label, method, url, body) => {
    for (const who of ['anonymous', 'user', 'admin'] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: {
          ...(who === 'anonymous' ? {} : { authorization: `Bearer ${tokens[who]}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      expect(response.statusCode, `${who}: ${response.body}`).toBe(400);
      const { error } = response.json<{ error: { code: string; message: string } }>();
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toContain(UNSTORABLE_TEXT_MESSAGE);
    }
  });
});
