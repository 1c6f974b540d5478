import type { AddressInfo } from 'node:net';
import { notificationListResponse, type Notification } from '@jelly/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSwap } from '../../../test/helpers/chat-swaps.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { sampleFiles } from '../../../test/helpers/sample-files.ts';
import { signIn } from '../../../test/helpers/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet, type TestWallet } from '../../../test/helpers/wallet.ts';
import { chatNotificationThrottle, telegramLinks, telegramOutbox } from '../../db/schema/index.ts';
import { RealtimeTestClient } from '../../realtime/testing/realtime-client.ts';

/**
 * Swap-chat messages notify like deal-chat messages: the other side of the room (the owner, or the desk's admins),
 * not while they have the room open, at most once per room every 5 minutes, linking to /swap-chat/{id}?kind=swap.
 */
let t: TestApp;
let baseUrl: string;
const owner = createWallet();
const admin = createWallet();
const stranger = createWallet();
const tokens = new Map<TestWallet, string>();
const bearer = (wallet: TestWallet) => ({ authorization: `Bearer ${tokens.get(wallet)}` });
const short = (wallet: TestWallet) => `${wallet.address.slice(0, 8)}…${wallet.address.slice(-6)}`;

async function send(from: TestWallet, swapId: number, content: string): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/chat/swaps/${swapId}/messages`,
    headers: bearer(from),
    payload: { accountId: from.address, content, createdAtUtc: t.clock.now().toISOString() },
  });
  expect(response.statusCode).toBe(201);
}

/** The wallet's chat notifications about this swap, newest first, as the API answers them. */
async function swapNotices(wallet: TestWallet, swapId: number): Promise<Notification[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/Notification', query: { Size: '100' }, headers: bearer(wallet) });
  return notificationListResponse.parse(response.json()).data.filter((n) => n.kind === 'chat_message' && n.swapId === swapId);
}

beforeAll(async () => {
  t = await createTestApp({ config: { adminWallets: new Set([admin.address]) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const wallet of [owner, admin, stranger]) tokens.set(wallet, (await signIn(t.app, wallet)).body.accessToken);
});
afterAll(() => t.close());

describe('swap-chat notifications', () => {
  it("the owner's messages reach the desk once per 5 minutes, with a preview and the swap's link (also on Telegram)", async () => {
    const swapId = await insertSwap(t.app.db, owner.address);
    await t.app.db.insert(telegramLinks).values({ chatId: 9_100, wallet: admin.address, linkedAt: t.clock.now() });
    await send(owner, swapId, 'Where is my SOL?');
    await send(owner, swapId, 'Still waiting');
    const notices = await swapNotices(admin, swapId);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'New message', message: `${short(owner)} on swap #${swapId}: Where is my SOL?`, orderId: null, swapId });
    expect(await swapNotices(owner, swapId)).toHaveLength(0);
    const [outbox] = await t.app.db.select().from(telegramOutbox).where(eq(telegramOutbox.notificationId, notices[0]!.id));
    expect(outbox?.buttonUrl).toBe(`/swap-chat/${swapId}?kind=swap`);

    t.clock.advance(5 * 60_000);
    await send(owner, swapId, 'Hello?');
    expect((await swapNotices(admin, swapId)).map((n) => n.message.split(': ')[1])).toEqual(['Hello?', 'Where is my SOL?']);
  });

  it("the desk's answer reaches the owner, named as the desk; a file without a caption says so", async () => {
    const swapId = await insertSwap(t.app.db, owner.address);
    await send(admin, swapId, 'Landed: see the txID.');
    expect((await swapNotices(owner, swapId)).map((n) => n.message)).toEqual([`The desk on swap #${swapId}: Landed: see the txID.`]);

    const other = await insertSwap(t.app.db, owner.address);
    const { payload, headers } = await multipartBody([
      { name: 'SwapId', value: String(other) },
      { name: 'UserId', value: owner.address },
      { name: 'File', filename: 'receipt.png', contentType: 'image/png', data: sampleFiles.png() },
      { name: 'Bucket', value: '2' },
    ]);
    const upload = await t.app.inject({ method: 'POST', url: '/api/attachments/upload', headers: { ...headers, ...bearer(owner) }, payload });
    expect(upload.statusCode).toBe(201);
    expect((await swapNotices(admin, other)).map((n) => n.message)).toEqual([`${short(owner)} on swap #${other}: sent a file`]);
  });

  it('the throttle names the room kind: a deal chat with the same number does not hold a swap chat back', async () => {
    const swapId = await insertSwap(t.app.db, owner.address);
    // The desk was just told of a message in deal #swapId (a separate room that shares the number).
    await t.app.db.insert(chatNotificationThrottle).values({ wallet: admin.address, roomKind: 'deal', dealId: swapId, lastNotifiedAt: t.clock.now() });
    await send(owner, swapId, 'About my swap');
    expect(await swapNotices(admin, swapId)).toHaveLength(1);
  });

  it('writes nothing while the recipient has the swap chat open (subscribe.swap); only its owner and admins may', async () => {
    const swapId = await insertSwap(t.app.db, owner.address);
    const intruder = await RealtimeTestClient.connect(baseUrl, { token: tokens.get(stranger)! });
    intruder.send({ type: 'subscribe.swap', swapId });
    expect(await intruder.next('error')).toMatchObject({ code: 'FORBIDDEN' });
    intruder.send({ type: 'subscribe.swap', swapId: 999_999 });
    expect(await intruder.next('error')).toMatchObject({ code: 'NOT_FOUND' });
    await intruder.close();

    const ownerSocket = await RealtimeTestClient.connect(baseUrl, { token: tokens.get(owner)! });
    ownerSocket.send({ type: 'subscribe.swap', swapId });
    expect(await ownerSocket.next('subscribed.swap')).toEqual({ type: 'subscribed.swap', swapId });
    await send(admin, swapId, 'Are you there?');
    expect((await ownerSocket.next('chat.message')).message.content).toBe('Are you there?');
    expect(await swapNotices(owner, swapId)).toHaveLength(0);

    ownerSocket.send({ type: 'unsubscribe.swap', swapId });
    await ownerSocket.next('unsubscribed.swap');
    await send(admin, swapId, 'Hello?');
    expect((await swapNotices(owner, swapId)).map((n) => n.message.split(': ')[1])).toEqual(['Hello?']);

    // Past the throttle (so only viewing can hold a notice back), open again, then the socket closes: viewing ends.
    t.clock.advance(5 * 60_000 + 1000);
    ownerSocket.send({ type: 'subscribe.swap', swapId });
    await ownerSocket.next('subscribed.swap');
    await send(admin, swapId, 'Still there?');
    expect(await swapNotices(owner, swapId)).toHaveLength(1);
    await ownerSocket.close();
    await expect
      .poll(async () => {
        t.clock.advance(1000);
        await send(admin, swapId, 'Ping');
        return (await swapNotices(owner, swapId)).length;
      })
      .toBe(2);
  });
});
