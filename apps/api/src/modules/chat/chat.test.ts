import type { ChatMessage } from '@jelly/contracts';
import { CHAT_CLOSED, CHAT_SEND_ORDER_NOT_FOUND, OrderStatus } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeal, setDealStatus, type TestDeal } from '../../../test/helpers/chat-deals.ts';
import { signIn } from '../../../test/helpers/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet, type TestWallet } from '../../../test/helpers/wallet.ts';
import { NOT_YOUR_ACCOUNT } from './add-message.ts';
import { NOT_A_PARTY } from './chat-access.ts';
import { CHAT_LOAD_ORDER_NOT_FOUND } from './list-messages.ts';

let t: TestApp;
const alice = createWallet(); // Sell offer creator = crypto side
const bob = createWallet(); // claimer = fiat side
const carol = createWallet(); // stranger
const admin = createWallet();
const tokens = new Map<TestWallet, string>();
let deal: TestDeal;

const bearer = (wallet: TestWallet) => ({ authorization: `Bearer ${tokens.get(wallet)}` });

function post(wallet: TestWallet, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/chat/add-messages', headers: bearer(wallet), payload: body });
}

function send(wallet: TestWallet, dealId: number, content: string, createdAtUtc = new Date().toISOString()) {
  return post(wallet, { dealId, accountId: wallet.address, content, createdAtUtc });
}

function read(wallet: TestWallet, dealId: number, query: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/chat/rooms/${dealId}/messages`, headers: bearer(wallet), query });
}

beforeAll(async () => {
  t = await createTestApp({ config: { adminWallets: new Set([admin.address]) } });
  for (const wallet of [alice, bob, carol, admin]) tokens.set(wallet, (await signIn(t.app, wallet)).body.accessToken);
  deal = await insertDeal(t.app.db, { creator: alice.address, acceptor: bob.address });
});

afterAll(async () => {
  await t?.close();
});

describe('deal chat', () => {
  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/chat/rooms/${deal.dealId}/messages` });
    expect(response.statusCode).toBe(401);
    const postResponse = await t.app.inject({
      method: 'POST',
      url: '/api/chat/add-messages',
      payload: { dealId: deal.dealId, accountId: alice.address, content: 'hi', createdAtUtc: new Date().toISOString() },
    });
    expect(postResponse.statusCode).toBe(401);
  });

  it('lets both parties talk, oldest first, with the server time and the client time kept apart', async () => {
    const { dealId } = await insertDeal(t.app.db, { creator: alice.address, acceptor: bob.address });
    t.clock.set(new Date('2026-03-01T10:00:00.000Z'));
    const first = await send(alice, dealId, 'Hi Bob, locking now', '2020-01-01T00:00:00.000Z');
    expect(first.statusCode).toBe(201);
    t.clock.set(new Date('2026-03-01T10:01:30.000Z'));
    const second = await send(bob, dealId, 'Paid via SEPA  \nref 123');
    expect(second.statusCode).toBe(201);

    const sent = first.json<ChatMessage>();
    expect(sent).toMatchObject({
      dealId,
      accountId: alice.address,
      content: 'Hi Bob, locking now',
      createdAtUtc: '2026-03-01T10:00:00.000Z',
      clientCreatedAtUtc: '2020-01-01T00:00:00.000Z',
      fileUrl: null,
    });

    for (const reader of [alice, bob]) {
      const response = await read(reader, dealId);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const list = response.json<ChatMessage[]>();
      expect(list.map((m) => [m.accountId, m.content, m.createdAtUtc])).toEqual([
        [alice.address, 'Hi Bob, locking now', '2026-03-01T10:00:00.000Z'],
        [bob.address, 'Paid via SEPA  \nref 123', '2026-03-01T10:01:30.000Z'],
      ]);
    }
  });

  it('answers only newer messages with ?after= (incremental polling) and pages with limit', async () => {
    const { dealId } = await insertDeal(t.app.db, { creator: alice.address, acceptor: bob.address });
    const ids: number[] = [];
    for (const text of ['one', 'two', 'three', 'four']) ids.push((await send(bob, dealId, text)).json<ChatMessage>().id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    const after = await read(alice, dealId, { after: String(ids[1]) });
    expect(after.json<ChatMessage[]>().map((m) => m.content)).toEqual(['three', 'four']);
    expect((await read(alice, dealId, { after: String(ids[3]) })).json()).toEqual([]);
    const page = await read(alice, dealId, { limit: '2' });
    expect(page.json<ChatMessage[]>().map((m) => m.content)).toEqual(['one', 'two']);
    expect((await read(alice, dealId, { limit: '0' })).statusCode).toBe(400);
  });

  it('keeps each deal room separate', async () => {
    const other = await insertDeal(t.app.db, { creator: alice.address, acceptor: carol.address });
    await send(carol, other.dealId, 'for the other deal only');
    const mine = await read(bob, deal.dealId);
    expect(mine.json<ChatMessage[]>().some((m) => m.content === 'for the other deal only')).toBe(false);
  });

  it('refuses strangers, reading and writing', async () => {
    await send(alice, deal.dealId, 'private');
    const readResponse = await read(carol, deal.dealId);
    expect(readResponse.statusCode).toBe(403);
    expect(readResponse.json()).toEqual({ error: { code: 'FORBIDDEN', message: NOT_A_PARTY } });
    const writeResponse = await send(carol, deal.dealId, 'let me in');
    expect(writeResponse.statusCode).toBe(403);
    expect((await read(alice, deal.dealId)).json<ChatMessage[]>().some((m) => m.content === 'let me in')).toBe(false);
  });

  it('lets an admin read and write (disputes)', async () => {
    const readResponse = await read(admin, deal.dealId);
    expect(readResponse.statusCode).toBe(200);
    expect(readResponse.json<ChatMessage[]>().some((m) => m.content === 'private')).toBe(true);
    const response = await send(admin, deal.dealId, 'Admin here: please upload the receipt');
    expect(response.statusCode).toBe(201);
    expect(response.json<ChatMessage>().accountId).toBe(admin.address);
  });

  it('refuses posting in someone else’s name', async () => {
    const response = await post(bob, {
      dealId: deal.dealId,
      accountId: alice.address,
      content: 'I, Alice, release the funds',
      createdAtUtc: new Date().toISOString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(NOT_YOUR_ACCOUNT);
  });

  it('answers 404 with the not-found message for unknown deals, and for offers (which have no chat)', async () => {
    const unknown = await send(alice, 999_999, 'hello?');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(CHAT_SEND_ORDER_NOT_FOUND);
    const readUnknown = await read(alice, 999_999);
    expect(readUnknown.statusCode).toBe(404);
    expect(readUnknown.json().error.message).toBe(CHAT_LOAD_ORDER_NOT_FOUND);
    expect((await send(alice, deal.offerId, 'offer chat?')).statusCode).toBe(404);
  });

  it.each([
    ['empty text', { content: '' }],
    ['blank text', { content: ' \n\t ' }],
    ['2,001 characters', { content: 'x'.repeat(2001) }],
    ['no client time', { createdAtUtc: undefined }],
    ['a malformed deal id', { dealId: 'abc' }],
  ])('refuses %s with 400', async (_label, patch) => {
    const response = await post(alice, {
      dealId: deal.dealId,
      accountId: alice.address,
      content: 'ok',
      createdAtUtc: new Date().toISOString(),
      ...patch,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('takes a message of exactly 2,000 characters', async () => {
    const response = await send(bob, deal.dealId, 'y'.repeat(2000));
    expect(response.statusCode).toBe(201);
    expect(response.json<ChatMessage>().content).toHaveLength(2000);
  });

  it.each([
    ['Completed', OrderStatus.Completed],
    ['Cancelled', OrderStatus.Cancelled],
  ])('closes the chat once the deal is %s, but keeps it readable', async (_name, status) => {
    const { dealId } = await insertDeal(t.app.db, { creator: alice.address, acceptor: bob.address });
    expect((await send(alice, dealId, 'before the end')).statusCode).toBe(201);
    await setDealStatus(t.app.db, dealId, status);
    for (const wallet of [alice, bob, admin]) {
      const response = await send(wallet, dealId, 'after the end');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: 'CONFLICT', message: CHAT_CLOSED } });
    }
    const history = await read(bob, dealId);
    expect(history.json<ChatMessage[]>().map((m) => m.content)).toEqual(['before the end']);
  });

  it.each([
    ['Locked', OrderStatus.CryptoGuyLockedCrypto],
    ['Signed By One Party', OrderStatus.SignedByOneParty],
    ['Admin Resolving', OrderStatus.AdminResolving],
    ['Admin Resolved', OrderStatus.AdminResolved],
    ['Expired', OrderStatus.Expired],
  ])('keeps the chat open while the deal is %s', async (_name, status) => {
    const { dealId } = await insertDeal(t.app.db, { creator: alice.address, acceptor: bob.address, status });
    expect((await send(bob, dealId, 'still talking')).statusCode).toBe(201);
  });
});

describe('chat rate limit', () => {
  it('stops one wallet after 30 messages a minute without slowing the other party', async () => {
    const dave = createWallet();
    const erin = createWallet();
    for (const wallet of [dave, erin]) tokens.set(wallet, (await signIn(t.app, wallet)).body.accessToken);
    const { dealId } = await insertDeal(t.app.db, { creator: dave.address, acceptor: erin.address });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await send(dave, dealId, `spam ${i}`)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await send(erin, dealId, 'I can still write')).statusCode).toBe(201);
  });
});
