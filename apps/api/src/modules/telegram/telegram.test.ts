import { freePort } from '@jelly/bench-kit/process';
import { telegramCodeResponse } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/helpers/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet, type TestWallet } from '../../../test/helpers/wallet.ts';
import { telegramOutbox } from '../../db/schema/index.ts';
import { seedDeal } from '../../realtime/testing/seed-deal.ts';
import { notify } from '../notifications/index.ts';
import { botReplies } from './bot-replies.ts';
import { FakeBotApi } from './testing/fake-bot-api.ts';

const ADMIN_CHAT = -1001234;
/** The stand-in listens on loopback, which the outbound client reaches only when the allow-list names it. */
const STAND_IN_ALLOWED = { allow: ['127.0.0.1'] };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('Telegram with long polling (against a local stand-in for the Bot API)', () => {
  const fake = new FakeBotApi();
  let t: TestApp;
  let alice: TestWallet;
  let bob: TestWallet;
  let aliceToken: string;
  let bobToken: string;

  const getCode = async (token: string, wallet: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/platform/telegram-code', query: { wallet }, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return telegramCodeResponse.parse(response.json());
  };
  const hasTelegram = async (token: string, wallet: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/platform/has-telegram/${wallet}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json() as boolean;
  };
  const nextReplyTo = async (chatId: number, from: number) =>
    String((await fake.waitForCall((c) => c.method === 'sendMessage' && Number(c.payload.chat_id) === chatId && fake.calls.indexOf(c) >= from)).payload.text);

  beforeAll(async () => {
    const apiRoot = await fake.start();
    t = await createTestApp({
      config: {
        outbound: STAND_IN_ALLOWED,
        telegramBotUsername: fake.botUsername,
        telegram: { botToken: fake.token, mode: 'polling', webhookSecret: null, apiRoot, adminChatId: ADMIN_CHAT },
      },
    });
    alice = createWallet();
    bob = createWallet();
    aliceToken = (await signIn(t.app, alice)).body.accessToken;
    bobToken = (await signIn(t.app, bob)).body.accessToken;
    await fake.waitForCall((c) => c.method === 'getUpdates');
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('starts polling: getMe, deleteWebhook, then long getUpdates calls with the bot token', () => {
    const methods = fake.calls.map((c) => c.method);
    expect(methods.slice(0, 3).sort()).toEqual(['deleteWebhook', 'getMe', 'getUpdates'].sort());
    expect(fake.calls.every((c) => c.token === fake.token)).toBe(true);
    expect(fake.callsOf('getUpdates')[0]?.payload).toMatchObject({ timeout: 30, allowed_updates: ['message'] });
  });

  it('issues single-use codes only for the caller’s own wallet, valid for 10 minutes', async () => {
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/platform/telegram-code', query: { wallet: bob.address }, headers: bearer(aliceToken) });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/platform/telegram-code', query: { wallet: alice.address } })).statusCode).toBe(401);
    const issued = await getCode(aliceToken, alice.address);
    expect(issued.botUsername).toBe(fake.botUsername);
    expect(Date.parse(issued.expiresAt) - t.clock.now().getTime()).toBe(10 * 60_000);
    expect(issued.code).not.toBe((await getCode(aliceToken, alice.address)).code);
  });

  it('links the chat on /start <code>, once; has-telegram then answers true', async () => {
    expect(await hasTelegram(aliceToken, alice.address)).toBe(false);
    const { code } = await getCode(aliceToken, alice.address);
    let mark = fake.calls.length;
    await fake.userSends({ id: 7001, username: 'alice_tg' }, `/start ${code}`);
    expect(await nextReplyTo(7001, mark)).toBe(botReplies.linked(alice.address));
    expect(await hasTelegram(aliceToken, alice.address)).toBe(true);

    // The same code from another chat: refused, and that chat stays unlinked.
    mark = fake.calls.length;
    await fake.userSends({ id: 7002 }, `/start ${code}`);
    expect(await nextReplyTo(7002, mark)).toBe(botReplies.alreadyUsed);

    // Only the wallet itself (or an admin) may ask.
    const other = await t.app.inject({ method: 'GET', url: `/api/platform/has-telegram/${alice.address}`, headers: bearer(bobToken) });
    expect(other.statusCode).toBe(403);
  });

  it('refuses expired and unknown codes, and explains /start without a code', async () => {
    const { code } = await getCode(bobToken, bob.address);
    t.clock.advance(10 * 60_000 + 1);
    let mark = fake.calls.length;
    await fake.userSends({ id: 8001 }, `/start ${code}`);
    expect(await nextReplyTo(8001, mark)).toBe(botReplies.expired);
    expect(await hasTelegram(bobToken, bob.address)).toBe(false);
    mark = fake.calls.length;
    await fake.userSends({ id: 8001 }, '/start');
    expect(await nextReplyTo(8001, mark)).toBe(botReplies.startWithoutCode);
  });

  it('sends every notification of a linked wallet to its chat, with the deal’s deep link', async () => {
    const row = await notify(t.app.db, {
      wallet: alice.address,
      kind: 'marked_paid',
      title: 'Marked as paid',
      message: 'Bob marked 36.80 EUR as paid for 40 USDC.',
      orderId: 42,
      now: t.clock.now(),
    });
    const call = await fake.waitForCall((c) => c.method === 'sendMessage' && String(c.payload.text).startsWith('Marked as paid'));
    expect(call.payload).toMatchObject({
      chat_id: 7001,
      text: 'Marked as paid\n\nBob marked 36.80 EUR as paid for 40 USDC.\n\nhttp://localhost:8080/swap-chat/42',
      link_preview_options: { is_disabled: true },
    });
    // http:// links cannot be Telegram buttons; the link is in the text.
    expect(call.payload.reply_markup).toBeUndefined();
    await expect
      .poll(async () => (await t.app.db.select().from(telegramOutbox).where(eq(telegramOutbox.notificationId, row.id)))[0]?.sentAt)
      .toBeInstanceOf(Date);
  });

  it('retries after a 429 (retry_after) and a 500, and never blocks the event that caused the message', async () => {
    fake.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 3', retry_after: 3 });
    fake.failNext('sendMessage', { error_code: 500, description: 'Internal Server Error' });
    // The Bot API does not answer the first send until released: notify() must finish without it.
    const release = fake.holdNext('sendMessage');
    const row = await notify(t.app.db, { wallet: alice.address, kind: 'deal_completed', title: 'Deal completed', message: 'Released.', now: t.clock.now() });
    await fake.waitForCall((c) => c.method === 'sendMessage' && String(c.payload.text).startsWith('Deal completed'));
    release();
    const outbox = async () => (await t.app.db.select().from(telegramOutbox).where(eq(telegramOutbox.notificationId, row.id)))[0];
    await expect.poll(async () => (await outbox())?.lastError).toBe('429 Too Many Requests: retry after 3');
    const first = await outbox();
    expect(first?.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + 3000);

    t.clock.advance(3000);
    await expect.poll(async () => (await outbox())?.lastError, { timeout: 6000 }).toBe('500 Internal Server Error');
    expect((await outbox())?.sentAt).toBeNull();

    t.clock.advance(10 * 60_000);
    await expect.poll(async () => (await outbox())?.sentAt, { timeout: 6000 }).toBeInstanceOf(Date);
    expect(await outbox()).toMatchObject({ attempts: 3, failedAt: null });
  });

  it('gives up on a chat that blocked the bot and unlinks it', async () => {
    // The clock moved past the first tokens' lifetime in the retry test.
    aliceToken = (await signIn(t.app, alice)).body.accessToken;
    bobToken = (await signIn(t.app, bob)).body.accessToken;
    const { code } = await getCode(bobToken, bob.address);
    const mark = fake.calls.length;
    await fake.userSends({ id: 9001 }, `/start ${code}`);
    await nextReplyTo(9001, mark);
    expect(await hasTelegram(bobToken, bob.address)).toBe(true);
    fake.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    const row = await notify(t.app.db, { wallet: bob.address, kind: 'review_received', title: 'New review', message: '5 stars', now: t.clock.now() });
    const outbox = async () => (await t.app.db.select().from(telegramOutbox).where(eq(telegramOutbox.notificationId, row.id)))[0];
    await expect.poll(async () => (await outbox())?.failedAt).toBeInstanceOf(Date);
    expect((await outbox())?.lastError).toBe('403 Forbidden: bot was blocked by the user');
    expect(await hasTelegram(bobToken, bob.address)).toBe(false);
  });

  it('posts support requests (POST /platform/call-tg-bot) to the admins’ chat', async () => {
    const deal = await seedDeal(t.app.db, { creator: alice.address, acceptor: bob.address });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/platform/call-tg-bot',
      headers: bearer(bobToken),
      payload: {
        dealId: String(deal.dealId),
        buyerWallet: bob.address,
        sellerWallet: alice.address,
        orderUrl: `http://localhost:8080/swap-chat/${deal.dealId}`,
        receiver: 'Admin',
        messageType: 'AdminNotification',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ orderId: deal.dealId, status: OrderStatus.AdminResolving });
    const call = await fake.waitForCall((c) => c.method === 'sendMessage' && Number(c.payload.chat_id) === ADMIN_CHAT);
    const text = String(call.payload.text);
    expect(text.startsWith(`Support request on deal #${deal.dealId}\n`)).toBe(true);
    expect(text).toContain(`From: ${bob.address}`);
    expect(text).toContain('Status: In Progress → Admin Resolving');
    expect(text.endsWith(`http://localhost:8080/admin/orders/${deal.dealId}`)).toBe(true);
  });

  it("posts a case on an ended deal with the requester's words to the admins' chat", async () => {
    const deal = await seedDeal(t.app.db, { creator: alice.address, acceptor: bob.address }, { status: OrderStatus.Completed, updatedAt: t.clock.now() });
    const mark = fake.calls.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/platform/call-tg-bot',
      headers: bearer(bobToken),
      payload: {
        dealId: String(deal.dealId),
        buyerWallet: null,
        sellerWallet: null,
        orderUrl: `http://localhost:8080/swap-chat/${deal.dealId}`,
        receiver: 'Admin',
        messageType: 'AdminNotification',
        message: 'My bank reversed the transfer.',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ orderId: deal.dealId, status: OrderStatus.Completed, statusChanged: false });
    const call = await fake.waitForCall(
      (c) => c.method === 'sendMessage' && Number(c.payload.chat_id) === ADMIN_CHAT && fake.calls.indexOf(c) >= mark,
    );
    const text = String(call.payload.text);
    expect(text.startsWith(`Support request on deal #${deal.dealId}\n`)).toBe(true);
    expect(text).toContain('Status: Completed (a case on an ended deal: its tokens cannot move)');
    expect(text).toContain('Words: My bank reversed the transfer.');
  });

  it('unlinks on /stop', async () => {
    let mark = fake.calls.length;
    await fake.userSends({ id: 7001 }, '/stop');
    expect(await nextReplyTo(7001, mark)).toBe(botReplies.stopped(alice.address));
    expect(await hasTelegram(aliceToken, alice.address)).toBe(false);
    mark = fake.calls.length;
    await fake.userSends({ id: 7001 }, '/stop');
    expect(await nextReplyTo(7001, mark)).toBe(botReplies.notLinked);
    mark = fake.calls.length;
    await fake.userSends({ id: 7001 }, 'hello?');
    expect(await nextReplyTo(7001, mark)).toBe(botReplies.help);
  });
});

describe('Telegram with a webhook', () => {
  const fake = new FakeBotApi('777:WEBHOOK-token', 'jelly_hook_bot');
  const secret = 'hook-secret_123';
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    const apiRoot = await fake.start();
    port = await freePort();
    t = await createTestApp({
      config: {
        outbound: STAND_IN_ALLOWED,
        publicUrl: `http://127.0.0.1:${port}`,
        telegram: { botToken: fake.token, mode: 'webhook', webhookSecret: secret, apiRoot, adminChatId: null },
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('sets the webhook with its secret at start and never polls', async () => {
    const call = await fake.waitForCall((c) => c.method === 'setWebhook');
    expect(call.payload).toMatchObject({ url: `http://127.0.0.1:${port}/api/telegram/webhook`, secret_token: secret });
    expect(fake.callsOf('getUpdates')).toEqual([]);
  });

  it('links a chat from an update Telegram posts, and refuses posts without the secret', async () => {
    const wallet = createWallet();
    const token = (await signIn(t.app, wallet)).body.accessToken;
    const code = telegramCodeResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/platform/telegram-code', query: { wallet: wallet.address }, headers: bearer(token) })).json(),
    ).code;
    await fake.userSends({ id: 5150 }, `/start ${code}`);
    expect(fake.sentTo(5150)).toEqual([botReplies.linked(wallet.address)]);
    const has = await t.app.inject({ method: 'GET', url: `/api/platform/has-telegram/${wallet.address}`, headers: bearer(token) });
    expect(has.json()).toBe(true);

    for (const header of [{}, { 'x-telegram-bot-api-secret-token': 'wrong' }]) {
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: header,
        payload: { update_id: 99, message: { message_id: 1, date: 0, chat: { id: 1, type: 'private' }, text: '/stop' } },
      });
      expect(forged.statusCode).toBe(401);
    }
  });
});

describe('without a bot token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 for a code and false for has-telegram', async () => {
    const wallet = createWallet();
    const token = (await signIn(t.app, wallet)).body.accessToken;
    const code = await t.app.inject({ method: 'GET', url: '/api/platform/telegram-code', query: { wallet: wallet.address }, headers: bearer(token) });
    expect(code.statusCode).toBe(503);
    expect(code.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    const has = await t.app.inject({ method: 'GET', url: `/api/platform/has-telegram/${wallet.address}`, headers: bearer(token) });
    expect(has.json()).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: '/api/telegram/webhook', payload: { update_id: 1 } })).statusCode).toBe(404);
  });
});

describe('the outbox worker on a network failure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('schedules a retry and stores the error without the bot token (network errors quote the URL)', async () => {
    const token = '999:SECRET-token_value';
    const { Api } = await import('grammy');
    const { TelegramOutboxWorker } = await import('./outbox-worker.ts');
    const { enqueueTelegram } = await import('./outbox.ts');
    await enqueueTelegram(t.app.db, { chatId: 4242, text: 'hello', now: t.clock.now() });
    const worker = new TelegramOutboxWorker({
      db: t.app.db,
      // Nothing listens on port 9: every call fails before Telegram could answer.
      api: new Api(token, { apiRoot: 'http://127.0.0.1:9', timeoutSeconds: 5 }),
      publicUrl: 'http://localhost:8080',
      now: t.clock.now,
      log: t.app.log,
      adminChatId: null,
      botToken: token,
    });
    await worker.drain();
    const [row] = await t.app.db.select().from(telegramOutbox).where(eq(telegramOutbox.chatId, 4242));
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row?.lastError).toMatch(/^network: /);
    expect(row?.lastError).not.toContain(token);
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    await worker.stop();
  });
});
