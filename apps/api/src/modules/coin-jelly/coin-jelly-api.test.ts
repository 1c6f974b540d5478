// Coin Jelly through the API without a chain: coins, quotes, reserving, 'I have sent the funds', lists and the
// admin flow for a pair paid by an admin (ETH in, BTC out).
import type { JellyListResponse, JellyOrder, JellyQuote } from '@jelly/contracts';
import { INVALID_BITCOIN_ADDRESS } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';
import { ethereumDepositAddress } from './deposit-keys.ts';
import { orderOf, reserve, testJellyConfig } from './testing.ts';
import { UPDATE_JELLY_MESSAGES } from './update-jelly.ts';

const BTC_RECIPIENT = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const ETH_REFUND = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const BTC_TX = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';
const ETH_TX = `0x${'ab'.repeat(32)}`;
const jellyConfig = testJellyConfig();

let t: TestApp;
let user: Session;
let other: Session;
let admin: Session;

beforeAll(async () => {
  const adminWallet = createWallet();
  t = await createTestApp({ config: { coinJelly: jellyConfig, adminWallets: new Set([adminWallet.address]) } });
  user = await session(t.app, createWallet());
  other = await session(t.app, createWallet());
  admin = await session(t.app, adminWallet);
});
afterAll(async () => {
  await t.close();
});

const ethToBtc = (overrides: object = {}) => ({
  sendCoin: 'ETH',
  sendChain: 'Ethereum',
  receiveCoin: 'BTC',
  receiveChain: 'Bitcoin',
  amountUserSend: '1',
  recipientAddress: BTC_RECIPIENT,
  refundAddress: ETH_REFUND,
  ...overrides,
});

const createBody = (o: JellyOrder) => ({
  cryptoCurrencyFromUser: o.cryptoCurrencyFromUser,
  userWallet: o.userWallet,
  companyWallet: o.companyWallet,
  newUserWallets: o.newUserWallets,
  newUserCrypto: o.newUserCrypto,
  newUserCryptoChain: o.newUserCryptoChain,
  amountUserSend: o.amountUserSend,
  amountUserWannaGet: o.amountUserWannaGet,
});

describe('coins and quotes', () => {
  it('lists the picker entries', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/coin-jelly/coins' });
    expect(response.json<{ data: { currency: string; chain: string }[] }>().data.map((c) => `${c.currency}/${c.chain}`)).toEqual([
      'SOL/Solana',
      'USDC/Solana',
      'USDT/Solana',
      'BTC/Bitcoin',
      'ETH/Ethereum',
    ]);
  });

  it('quotes from either amount, rounding in the desk favour, with the rate fixed 15 minutes', async () => {
    const base = { sendCoin: 'ETH', sendChain: 'Ethereum', receiveCoin: 'BTC', receiveChain: 'Bitcoin' };
    const bySend = (await t.app.inject({ method: 'GET', url: '/api/coin-jelly/quote', query: { ...base, amountUserSend: '1' } })).json<JellyQuote>();
    // 1 ETH = 3000 USD = 0.05 BTC at mid; 0.5% spread → 0.04975 BTC.
    expect(bySend).toMatchObject({ amountUserSend: '1', amountUserWannaGet: '0.04975', rate: '0.04975' });
    expect(new Date(bySend.expireAt).getTime() - t.clock.now().getTime()).toBe(15 * 60_000);
    const byGet = (await t.app.inject({ method: 'GET', url: '/api/coin-jelly/quote', query: { ...base, amountUserWannaGet: '0.04975' } })).json<JellyQuote>();
    expect(byGet.amountUserWannaGet).toBe('0.04975');
    // The least send amount that yields the wanted amount after rounding down.
    expect(byGet.amountUserSend).toBe('1');
  });

  it('answers bad quotes with 400 and a sentence', async () => {
    const ask = (query: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/coin-jelly/quote', query });
    const base = { sendCoin: 'ETH', sendChain: 'Ethereum', receiveCoin: 'BTC', receiveChain: 'Bitcoin' };
    expect(errorOf(await ask({ ...base, amountUserSend: '0.0001' }))).toMatchObject({ status: 400, message: 'The amount is below the smallest swap the desk quotes.' });
    expect(errorOf(await ask({ ...base, amountUserSend: '100' }))).toMatchObject({ status: 400, message: 'The amount is above the largest swap the desk quotes.' });
    expect(errorOf(await ask({ ...base, sendChain: 'Solana', amountUserSend: '1' }))).toMatchObject({ status: 400, message: 'ETH on Solana is not offered: choose one of the listed coins' });
    expect(errorOf(await ask({ ...base, amountUserSend: '0.1234567891234567891' })).status).toBe(400);
    expect(errorOf(await ask({ ...base, amountUserSend: 'abc' })).status).toBe(400);
    expect(errorOf(await ask(base)).status).toBe(400);
  });
});

describe('reserving and I have sent the funds', () => {
  it('gives each order its own deposit address, derived from the seed and the order id', async () => {
    const a = (await reserve(t.app, user.headers, ethToBtc())).json<JellyOrder>();
    const b = (await reserve(t.app, user.headers, ethToBtc())).json<JellyOrder>();
    expect(a.companyWallet).not.toBe(b.companyWallet);
    expect(a.companyWallet).toBe(ethereumDepositAddress(jellyConfig.seed, a.id));
    expect(a).toMatchObject({ status: 0, stage: 'awaiting_deposit', newUserWallets: [BTC_RECIPIENT], amountUserSend: '1', userConfirmedSent: false });
    expect(a.paymentUri).toBe(`ethereum:${a.companyWallet}?value=1000000000000000000`);
    expect(a.events.map((e) => e.kind)).toEqual(['reserved']);
  });

  it('refuses a recipient the receive chain cannot use, and asks for a refund address off Solana', async () => {
    const bad = await reserve(t.app, user.headers, ethToBtc({ recipientAddress: ETH_REFUND }));
    expect(errorOf(bad)).toMatchObject({ status: 400, message: INVALID_BITCOIN_ADDRESS });
    const noRefund = await reserve(t.app, user.headers, ethToBtc({ refundAddress: undefined }));
    expect(errorOf(noRefund).message).toContain('Enter a refund address on Ethereum');
    expect((await reserve(t.app, {}, ethToBtc())).statusCode).toBe(401);
  });

  it('records the identical request once and answers the repeat with 409', async () => {
    const order = (await reserve(t.app, user.headers, ethToBtc())).json<JellyOrder>();
    const send = () => t.app.inject({ method: 'POST', url: '/api/coin-jelly/create-jelly', headers: user.headers, payload: createBody(order) });
    const [first, second] = await Promise.all([send(), send()]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const repeat = first.statusCode === 409 ? first : second;
    expect(errorOf(repeat)).toMatchObject({ code: 'CONFLICT', message: "You've already sent this request." });
    const after = await orderOf(t.app, user.headers, order.id);
    expect(after).toMatchObject({ status: 0, userConfirmedSent: true });
    expect(after.events.filter((e) => e.kind === 'sent_funds')).toHaveLength(1);
  });

  it('refuses a payload that differs from the reserved order, and someone else’s order', async () => {
    const order = (await reserve(t.app, user.headers, ethToBtc())).json<JellyOrder>();
    const send = (s: Session, body: object) => t.app.inject({ method: 'POST', url: '/api/coin-jelly/create-jelly', headers: s.headers, payload: body });
    expect(errorOf(await send(user, { ...createBody(order), amountUserWannaGet: '1' }))).toMatchObject({ status: 400, message: 'amountUserWannaGet differs from the order reserved for this deposit address.' });
    expect((await send(other, { ...createBody(order), userWallet: other.wallet.address })).statusCode).toBe(403);
    expect((await send(user, { ...createBody(order), newUserWallets: [] })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/coin-jelly/orders/${order.id}`, headers: other.headers })).statusCode).toBe(403);
  });
});

describe('the admin flow for a pair paid by an admin', () => {
  it('confirms the deposit, then completes with a Bitcoin txID, audited and notified', async () => {
    const order = (await reserve(t.app, user.headers, ethToBtc())).json<JellyOrder>();
    const confirm = (body: object) => t.app.inject({ method: 'POST', url: '/api/admin/coin-jelly/confirm-deposit', headers: admin.headers, payload: body });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/coin-jelly/confirm-deposit', headers: user.headers, payload: { id: order.id, txID: ETH_TX, amount: '1' } })).statusCode).toBe(403);
    expect(errorOf(await confirm({ id: order.id, txID: BTC_TX, amount: '1' })).message).toBe('An Ethereum transaction hash is 0x followed by 64 hexadecimal characters');
    const confirmed = (await confirm({ id: order.id, txID: ETH_TX, amount: '1' })).json<JellyOrder>();
    expect(confirmed).toMatchObject({ status: 0, stage: 'awaiting_admin', received: '1' });
    expect(errorOf(await confirm({ id: order.id, txID: ETH_TX, amount: '1' })).status).toBe(409);

    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/coin-jelly/queue', headers: admin.headers })).json<{ orders: { id: number; waitingMinutes: number }[] }>();
    expect(queue.orders.map((o) => o.id)).toContain(order.id);

    const update = (body: object) => t.app.inject({ method: 'PATCH', url: '/api/admin/update-jelly', headers: admin.headers, payload: body });
    expect(errorOf(await update({ id: order.id, status: 1 })).message).toBe(UPDATE_JELLY_MESSAGES.txRequired);
    expect(errorOf(await update({ id: order.id, status: 1, txID: ETH_TX })).message).toBe('A Bitcoin transaction id is 64 hexadecimal characters');
    expect(errorOf(await update({ id: order.id, status: 2 })).message).toBe(UPDATE_JELLY_MESSAGES.reasonRequired);
    const done = (await update({ id: order.id, status: 1, txID: BTC_TX })).json<JellyOrder>();
    expect(done).toMatchObject({ status: 1, stage: 'completed', txID: BTC_TX });
    expect(errorOf(await update({ id: order.id, status: 2, reason: 'late' })).message).toBe(UPDATE_JELLY_MESSAGES.alreadyFinal);

    const audit = await t.app.db.select().from(adminAuditLog).where(sql`${adminAuditLog.details}->>'jellyId' = ${String(order.id)}`);
    expect(audit.map((a) => a.action).sort()).toEqual(['coin_jelly_deposit_confirmed', 'coin_jelly_edited']);
    expect(audit.every((a) => a.actor === admin.wallet.address)).toBe(true);
    expect(audit.every((a) => a.subject === `jelly:${order.id}`)).toBe(true);
    expect(audit.find((a) => a.action === 'coin_jelly_edited')).toMatchObject({ txSignature: BTC_TX, before: { stage: 'awaiting_admin' }, after: { stage: 'completed', txID: BTC_TX } });
    const notes = await t.app.inject({ method: 'GET', url: '/api/Notification', headers: user.headers });
    const kinds = notes.json<{ data: { kind: string; jellyId?: number }[] }>().data.filter((n) => n.jellyId === order.id).map((n) => n.kind);
    expect(kinds.sort()).toEqual(['jelly_completed', 'jelly_deposit_detected']);
  });

  it('fails an order with the reason shown to the user', async () => {
    const order = (await reserve(t.app, user.headers, ethToBtc())).json<JellyOrder>();
    const failed = await t.app.inject({ method: 'PATCH', url: '/api/admin/update-jelly', headers: admin.headers, payload: { id: order.id, status: 2, reason: 'Deposit never arrived' } });
    expect(failed.json<JellyOrder>()).toMatchObject({ status: 2, stage: 'failed', reason: 'Deposit never arrived' });
  });
});

describe('the lists', () => {
  it('lists the caller’s orders with the filters, and every order for admins', async () => {
    const mine = (query: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/coin-jelly/user-orders', headers: user.headers, query }).then((r) => r.json<JellyListResponse>());
    const all = await mine();
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(all.data.every((o) => o.userWallet === user.wallet.address)).toBe(true);
    const ids = all.data.map((o) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await mine({ Status: '1' })).data.every((o) => o.status === 1)).toBe(true);
    expect((await mine({ Status: '1' })).total).toBe(1);
    expect((await mine({ Asset: 'USDC' })).total).toBe(0);
    expect((await mine({ Asset: 'All', Size: '2', Page: '2', Dir: '0' })).data.map((o) => o.id)).toEqual([...ids].sort((a, b) => a - b).slice(2, 4));
    const today = t.clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await mine({ DateFrom: today, DateTo: tomorrow })).total).toBe(all.total);
    expect((await mine({ DateTo: today })).total).toBe(0);
    expect((await mine({ SearchWallet: BTC_RECIPIENT.slice(3, 20) })).total).toBe(all.total);
    expect((await t.app.inject({ method: 'GET', url: '/api/coin-jelly/user-orders', headers: user.headers, query: { userWallet: other.wallet.address } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/coin-jelly/user-orders', headers: user.headers, query: { Status: '7' } })).statusCode).toBe(400);

    const history = (query: Record<string, string>, s: Session = admin) => t.app.inject({ method: 'GET', url: '/api/coin-jelly/jelly-history', headers: s.headers, query });
    expect((await history({}, user)).statusCode).toBe(403);
    const byWallet = (await history({ searchWallet: user.wallet.address, size: '20', sortBy: '0', dir: '1' })).json<JellyListResponse>();
    expect(byWallet.total).toBe(all.total);
    expect((await history({ status: '2' })).json<JellyListResponse>().data.every((o) => o.status === 2)).toBe(true);
    expect((await history({ asset: 'DOGE' })).statusCode).toBe(400);
  });
});

describe('bad input', () => {
  it('answers 400, never 500, on every route', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/api/coin-jelly/orders', { sendCoin: 'SOL' }],
      ['POST', '/api/coin-jelly/orders', 'not json'],
      ['POST', '/api/coin-jelly/orders', ethToBtc({ amountUserSend: '-1' })],
      ['POST', '/api/coin-jelly/orders', ethToBtc({ amountUserSend: '1', amountUserWannaGet: '1' })],
      ['POST', '/api/coin-jelly/create-jelly', { newUserWallets: 'x' }],
      ['POST', '/api/coin-jelly/orders/abc/choice', { choice: 'exchange' }],
      ['POST', '/api/coin-jelly/orders/1/choice', { choice: 'maybe' }],
      ['GET', '/api/coin-jelly/orders/-4', undefined],
      ['GET', '/api/coin-jelly/user-orders?DateFrom=yesterday', undefined],
      ['PATCH', '/api/admin/update-jelly', { id: 'one', status: 1 }],
      ['PATCH', '/api/admin/update-jelly', { id: 1, status: 1, txID: 'x'.repeat(500) }],
      ['POST', '/api/admin/coin-jelly/confirm-deposit', { id: 1, amount: '1e5', txID: 'x' }],
    ];
    for (const [method, url, payload] of cases) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...admin.headers, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      });
      expect([response.statusCode, url]).toEqual([400, url]);
    }
  });
});

describe('without Coin Jelly configured', () => {
  it('answers 503, never 500', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/api/coin-jelly/quote', query: { sendCoin: 'SOL', sendChain: 'Solana', receiveCoin: 'USDC', receiveChain: 'Solana', amountUserSend: '1' } });
      expect(response.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
