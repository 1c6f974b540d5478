import type { AdminOrderResponse, ChatMessage, DealWindow, NotificationListResponse, OrderDetails } from '@jelly/contracts';
import {
  NOT_A_PARTY,
  OrderStatus,
  PAYMENT_WINDOW_NOT_RUNNING,
  WINDOW_EXTENSION_ANSWERED,
  WINDOW_EXTENSION_LIMIT,
  WINDOW_EXTENSION_OWN_REQUEST,
  WINDOW_EXTENSION_PENDING,
} from '@jelly/domain';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { createWallet } from '../../../../test/helpers/wallet.ts';
import { RealtimeTestClient } from '../../../realtime/testing/realtime-client.ts';
import { buyOfferBody, createOrder, errorOf, postOrder, sellerDetails, session, type Session } from '../../orders/testing.ts';
import { expireDeals } from '../expire-deals.ts';
import { WINDOW_ACTS_PER_MINUTE } from './routes.ts';

const MINUTE = 60_000;
let t: TestApp;
let admin: Session;

beforeAll(async () => {
  const adminWallet = createWallet();
  t = await createTestApp({ config: { adminWallets: new Set([adminWallet.address]) } });
  admin = await session(t.app, adminWallet);
});
afterAll(async () => {
  await t.close();
});

/** A Buy offer claimed by a seller: In Progress, a 30-minute window from now. */
async function newDeal(): Promise<{ buyer: Session; seller: Session; dealId: number; deadline: number }> {
  const buyer = await session(t.app, createWallet());
  const seller = await session(t.app, createWallet());
  const offerId = await createOrder(t.app, buyer, buyOfferBody());
  const response = await postOrder(t.app, seller, { parentOrderId: offerId, amount: '20000000', ...sellerDetails() });
  expect(response.statusCode).toBe(200);
  const dealId = response.json<{ orderId: number }>().orderId;
  const deal = await order(seller, dealId);
  return { buyer, seller, dealId, deadline: Date.parse(deal.paymentDeadline ?? '') };
}

const order = async (s: Session, id: number) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: s.headers })).json<OrderDetails>();
const windowOf = async (s: Session, id: number) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/deals/${id}/window`, headers: s.headers });
  expect(response.statusCode).toBe(200);
  return response.json<DealWindow>();
};
const chat = async (s: Session, id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/chat/rooms/${id}/messages`, headers: s.headers })).json<ChatMessage[]>();
const ask = (s: Session | null, id: number, payload: unknown = { minutes: 30 }) =>
  t.app.inject({ method: 'POST', url: `/api/deals/${id}/window/extensions`, headers: s?.headers ?? {}, payload: payload as object });
const answer = (s: Session, id: number, extensionId: number | string, reply: unknown = 'accept') =>
  t.app.inject({ method: 'POST', url: `/api/deals/${id}/window/extensions/${extensionId}/answer`, headers: s.headers, payload: { answer: reply } });
const pendingId = async (s: Session, id: number) => {
  const pending = (await windowOf(s, id)).extensions.find((e) => e.state === 'pending');
  if (!pending) throw new Error('no pending request');
  return pending.id;
};
const run = () => expireDeals({ db: t.app.db, chain: null, now: t.clock.now });
const iso = (ms: number) => new Date(ms).toISOString();

/** Runs `body` with the clock at `at` (access tokens are short-lived: the parties sign in again at that time). */
async function at<T>(when: number, parties: Session[], body: (fresh: Session[]) => Promise<T>): Promise<T> {
  const before = t.clock.now();
  t.clock.set(new Date(when));
  try {
    return await body(await Promise.all(parties.map((p) => session(t.app, p.wallet))));
  } finally {
    t.clock.set(before);
  }
}

describe('a payment window both sides can extend', () => {
  it('either party asks, the other accepts: the deadline moves, the chat records both acts', async () => {
    const { buyer, seller, dealId, deadline } = await newDeal();
    const asked = await ask(buyer, dealId, { minutes: 15 });
    expect(asked.statusCode).toBe(200);
    expect(asked.json<DealWindow>()).toMatchObject({
      orderId: dealId,
      paymentDeadline: iso(deadline),
      extensions: [{ requestedBy: buyer.wallet.address, minutes: 15, state: 'pending', answeredBy: null, answeredAt: null }],
    });
    const accepted = await answer(seller, dealId, await pendingId(seller, dealId));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<DealWindow>().paymentDeadline).toBe(iso(deadline + 15 * MINUTE));
    expect((await order(buyer, dealId)).paymentDeadline).toBe(iso(deadline + 15 * MINUTE));

    // the second request, from the other side, declined: the deadline stays
    expect((await ask(seller, dealId, { minutes: 60 })).statusCode).toBe(200);
    expect((await answer(buyer, dealId, await pendingId(buyer, dealId), 'decline')).statusCode).toBe(200);
    const window = await windowOf(admin, dealId);
    expect(window.paymentDeadline).toBe(iso(deadline + 15 * MINUTE));
    expect(window.extensions.map((e) => [e.requestedBy, e.minutes, e.state, e.answeredBy])).toEqual([
      [buyer.wallet.address, 15, 'accepted', seller.wallet.address],
      [seller.wallet.address, 60, 'declined', buyer.wallet.address],
    ]);

    const clock = new Date(deadline + 15 * MINUTE).toISOString().slice(11, 16);
    expect((await chat(buyer, dealId)).map((m) => [m.kind, m.accountId, m.content])).toEqual([
      ['system', buyer.wallet.address, 'Asked for 15 more minutes on the payment window.'],
      ['system', seller.wallet.address, `Accepted 15 more minutes: the payment window now ends at ${clock} UTC.`],
      ['system', seller.wallet.address, 'Asked for 60 more minutes on the payment window.'],
      ['system', buyer.wallet.address, 'Declined the request for 60 more minutes.'],
    ]);
    // the cap: two requests per deal, whatever their answers
    expect(errorOf(await ask(buyer, dealId))).toMatchObject({ status: 409, message: WINDOW_EXTENSION_LIMIT });
  });

  it("a request is the other party's own notification (not a chat message's); the requester gets none", async () => {
    const { buyer, seller, dealId } = await newDeal();
    const kindsOf = async (s: Session) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/Notification?Page=1&Size=50', headers: s.headers });
      expect(response.statusCode).toBe(200);
      return response.json<NotificationListResponse>().data.filter((n) => n.orderId === dealId);
    };
    const before = (await kindsOf(seller)).length;
    expect((await ask(buyer, dealId, { minutes: 30 })).statusCode).toBe(200);
    const told = (await kindsOf(seller)).slice(0, (await kindsOf(seller)).length - before);
    expect(told.map((n) => [n.kind, n.title])).toEqual([['window_extension_requested', 'More time requested']]);
    expect(told[0]?.message).toMatch(new RegExp(`asks for 30 more minutes on deal #${dealId} \\(.+\\)\\. Accept or decline it on the deal page\\.$`));
    expect((await kindsOf(buyer)).map((n) => n.kind)).not.toContain('window_extension_requested');
  });

  it("the admin's deal page lists the requests for more time with their answers, oldest first", async () => {
    const { buyer, seller, dealId } = await newDeal();
    expect((await ask(buyer, dealId, { minutes: 15 })).statusCode).toBe(200);
    expect((await answer(seller, dealId, await pendingId(seller, dealId), 'decline')).statusCode).toBe(200);
    expect((await ask(seller, dealId, { minutes: 60 })).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${dealId}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminOrderResponse>().extensions).toMatchObject([
      { requestedBy: buyer.wallet.address, minutes: 15, state: 'declined', answeredBy: seller.wallet.address },
      { requestedBy: seller.wallet.address, minutes: 60, state: 'pending', answeredBy: null, answeredAt: null },
    ]);
  });

  it('refuses every other caller and input with a clear 4xx and leaves nothing behind', async () => {
    const { buyer, seller, dealId, deadline } = await newDeal();
    const stranger = await session(t.app, createWallet());
    expect((await ask(null, dealId)).statusCode).toBe(401);
    expect(errorOf(await ask(stranger, dealId))).toMatchObject({ status: 403, message: NOT_A_PARTY });
    expect(errorOf(await ask(admin, dealId))).toMatchObject({ status: 403, message: NOT_A_PARTY });
    expect(errorOf(await ask(buyer, 99_999_999))).toMatchObject({ status: 404, message: 'Deal not found.' });
    const offer = await createOrder(t.app, buyer, buyOfferBody());
    expect(errorOf(await ask(buyer, offer))).toMatchObject({ status: 404, message: 'Deal not found.' });
    expect(errorOf(await ask(buyer, 0)).status).toBe(400);
    expect(errorOf(await answer(seller, dealId, '99999999999999999999999')).status).toBe(400);
    expect(errorOf(await answer(seller, dealId, '-1')).status).toBe(400);
    for (const payload of [{ minutes: 45 }, { minutes: '30' }, { minutes: 0 }, {}, { minutes: 30, extra: 1 }, { minutes: -15 }]) {
      expect(errorOf(await ask(buyer, dealId, payload)).status).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/deals/${dealId}/window`, headers: stranger.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/deals/abc/window`, headers: buyer.headers })).statusCode).toBe(400);

    expect((await ask(buyer, dealId)).statusCode).toBe(200);
    const id = await pendingId(buyer, dealId);
    expect(errorOf(await ask(seller, dealId))).toMatchObject({ status: 409, message: WINDOW_EXTENSION_PENDING });
    expect(errorOf(await answer(buyer, dealId, id))).toMatchObject({ status: 403, message: WINDOW_EXTENSION_OWN_REQUEST });
    expect(errorOf(await answer(stranger, dealId, id))).toMatchObject({ status: 403, message: NOT_A_PARTY });
    expect(errorOf(await answer(seller, dealId, id + 1000))).toMatchObject({ status: 404 });
    expect(errorOf(await answer(seller, dealId, 'x')).status).toBe(400);
    expect(errorOf(await answer(seller, dealId, id, 'maybe')).status).toBe(400);
    // another deal's request cannot be answered through this one
    const other = await newDeal();
    expect(errorOf(await answer(other.seller, other.dealId, id))).toMatchObject({ status: 404 });

    const window = await windowOf(seller, dealId);
    expect(window.paymentDeadline).toBe(iso(deadline));
    expect(window.extensions).toHaveLength(1);
    expect(window.extensions[0]).toMatchObject({ state: 'pending' });
    expect(await chat(seller, dealId)).toHaveLength(1);
    // the request is still answerable after all of that
    expect((await answer(seller, dealId, id, 'decline')).statusCode).toBe(200);
    expect(errorOf(await answer(seller, dealId, id))).toMatchObject({ status: 409, message: WINDOW_EXTENSION_ANSWERED });
  });

  it('refuses once the window stopped: a cancelled deal, a deadline passed', async () => {
    const cancelled = await newDeal();
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/update-offers?orderId=${cancelled.dealId}&orderStatus=4`,
      headers: cancelled.buyer.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await order(cancelled.buyer, cancelled.dealId)).status).toBe(OrderStatus.Cancelled);
    expect(errorOf(await ask(cancelled.buyer, cancelled.dealId))).toMatchObject({ status: 409, message: PAYMENT_WINDOW_NOT_RUNNING });

    const late = await newDeal();
    expect((await ask(late.seller, late.dealId)).statusCode).toBe(200);
    const id = await pendingId(late.buyer, late.dealId);
    await at(late.deadline, [late.buyer], async ([buyer]) => {
      expect(errorOf(await ask(buyer!, late.dealId))).toMatchObject({ status: 409 });
      expect(errorOf(await answer(buyer!, late.dealId, id))).toMatchObject({ status: 409, message: PAYMENT_WINDOW_NOT_RUNNING });
      expect((await windowOf(buyer!, late.dealId)).paymentDeadline).toBe(iso(late.deadline));
    });
  });

  it('counts asks and answers per wallet: a script gets 429 and the deal is untouched', async () => {
    const { buyer, dealId } = await newDeal();
    const spammer = await session(t.app, createWallet());
    const responses = [];
    for (let i = 0; i < WINDOW_ACTS_PER_MINUTE + 1; i++) responses.push(await ask(spammer, dealId));
    expect(responses.slice(0, -1).every((r) => r.statusCode === 403)).toBe(true);
    expect(responses.at(-1)?.statusCode).toBe(429);
    // other wallets are not affected
    expect((await ask(buyer, dealId)).statusCode).toBe(200);
  });
});

describe('concurrency', () => {
  it('two accepts at once extend the window once', async () => {
    const { buyer, seller, dealId, deadline } = await newDeal();
    expect((await ask(buyer, dealId)).statusCode).toBe(200);
    const id = await pendingId(seller, dealId);
    const responses = await Promise.all(Array.from({ length: 6 }, () => answer(seller, dealId, id)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 200)) {
      expect(errorOf(r)).toMatchObject({ status: 409, message: WINDOW_EXTENSION_ANSWERED });
    }
    expect((await order(buyer, dealId)).paymentDeadline).toBe(iso(deadline + 30 * MINUTE));
    expect((await chat(buyer, dealId)).filter((m) => m.content.startsWith('Accepted'))).toHaveLength(1);
  });

  it('simultaneous requests from both sides leave one pending, and never more than two in all', async () => {
    const { buyer, seller, dealId } = await newDeal();
    const first = await Promise.all([buyer, seller, buyer, seller].map((s) => ask(s, dealId)));
    expect(first.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of first.filter((r) => r.statusCode !== 200)) expect(errorOf(r)).toMatchObject({ status: 409, message: WINDOW_EXTENSION_PENDING });
    const requester = (await windowOf(buyer, dealId)).extensions[0]?.requestedBy;
    const answerer = requester === buyer.wallet.address ? seller : buyer;
    expect((await answer(answerer, dealId, await pendingId(buyer, dealId), 'decline')).statusCode).toBe(200);
    await Promise.all([buyer, seller, buyer, seller].map((s) => ask(s, dealId)));
    const window = await windowOf(buyer, dealId);
    expect(window.extensions).toHaveLength(2);
    expect(errorOf(await ask(buyer, dealId))).toMatchObject({ status: 409 });
  });

  it('an accept racing the expiry job: the accept that lands first keeps the deal alive', async () => {
    const { buyer, seller, dealId, deadline } = await newDeal();
    expect((await ask(seller, dealId, { minutes: 15 })).statusCode).toBe(200);
    const id = await pendingId(buyer, dealId);
    await at(deadline - 1_000, [buyer], async ([fresh]) => {
      const [accepted, report] = await Promise.all([answer(fresh!, dealId, id), run()]);
      expect(accepted.statusCode).toBe(200);
      expect(report.expired).not.toContain(dealId);
    });
    // past the old deadline, inside the new one: the job leaves the deal alone
    await at(deadline + 1_000, [buyer], async ([fresh]) => {
      expect((await run()).expired).not.toContain(dealId);
      expect((await order(fresh!, dealId)).status).toBe(OrderStatus.InProgress);
    });
    // past the new deadline the window has run out for good
    await at(deadline + 15 * MINUTE + 1_000, [buyer], async ([fresh]) => {
      expect((await run()).expired).toContain(dealId);
      expect((await order(fresh!, dealId)).status).toBe(OrderStatus.Expired);
    });
  });

  it('an accept racing the expiry job after the deadline is refused, and the deal expires', async () => {
    const { buyer, seller, dealId, deadline } = await newDeal();
    expect((await ask(seller, dealId)).statusCode).toBe(200);
    const id = await pendingId(buyer, dealId);
    await at(deadline + 1_000, [buyer], async ([fresh]) => {
      const [accepted, report] = await Promise.all([answer(fresh!, dealId, id), run()]);
      expect(errorOf(accepted)).toMatchObject({ status: 409, message: PAYMENT_WINDOW_NOT_RUNNING });
      expect(report.expired).toContain(dealId);
      expect(await order(fresh!, dealId)).toMatchObject({ status: OrderStatus.Expired, paymentDeadline: iso(deadline) });
      // and once expired, a later accept is refused too; nothing more can be asked
      expect(errorOf(await answer(fresh!, dealId, id))).toMatchObject({ status: 409, message: PAYMENT_WINDOW_NOT_RUNNING });
      expect(errorOf(await ask(fresh!, dealId))).toMatchObject({ status: 409, message: PAYMENT_WINDOW_NOT_RUNNING });
    });
  });
});

describe('realtime', () => {
  it('pushes the request, the answer and the new deadline to both parties through the app socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const { buyer, seller, dealId, deadline } = await newDeal();
    const sockets = await Promise.all([buyer, seller].map((s) => RealtimeTestClient.connect(baseUrl, { token: s.token })));
    try {
      expect((await ask(buyer, dealId)).statusCode).toBe(200);
      for (const socket of sockets) {
        await expect(socket.next('deal.window', (m) => m.dealId === dealId)).resolves.toMatchObject({ paymentDeadline: iso(deadline) });
        await expect(socket.next('chat.message', (m) => m.dealId === dealId)).resolves.toMatchObject({ message: { kind: 'system' } });
      }
      expect((await answer(seller, dealId, await pendingId(seller, dealId))).statusCode).toBe(200);
      for (const socket of sockets) {
        await expect(socket.next('deal.window', (m) => m.dealId === dealId)).resolves.toMatchObject({
          paymentDeadline: iso(deadline + 30 * MINUTE),
        });
      }
    } finally {
      for (const socket of sockets) socket.socket.close();
    }
  });
});
