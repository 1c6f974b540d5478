import type { BlockListResponse, MarketResponse, ReviewsResponse, UnblockResponse } from '@jelly/contracts';
import { ALREADY_SENT_REQUEST, OrderStatus, PROVIDE_A_REASON } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, reviews, userReports } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { ORDER_MESSAGES } from '../orders/index.ts';
import { buyOfferBody, createOrder, errorOf, postOrder, sellerDetails, session, type Session } from '../orders/testing.ts';
import { NOT_BLOCKED } from './block-user.ts';
import { REPORT_REPEAT_WINDOW_MS } from './submit-report.ts';
import { RATING_MESSAGES } from './submit-rating.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const newSession = () => session(t.app, createWallet());
const report = (s: Session, toWallet: string, comment: string) =>
  t.app.inject({ method: 'POST', url: '/api/rating', headers: s.headers, payload: { toWallet, score: 0, comment, dealId: null } });

describe('GET /rating/{wallet}/reviews', () => {
  it('pages 20 reviews at a time, newest first, at most 50; reports never appear nor count', async () => {
    const star = createWallet().address;
    const base = t.clock.now().getTime();
    const common = {
      creatorWallet: star, tokenMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', tokenName: 'USDC', tokenDecimal: 6,
      offerSide: 1, price: '1', fiatCode: 'EUR', paymentWindowMinutes: 30,
    };
    const [offer] = await t.app.db
      .insert(orders)
      .values({ ...common, status: OrderStatus.Active, amount: '0', totalAmount: '23' })
      .returning({ orderId: orders.orderId });
    const written: { id: string; score: number; createdAt: Date; dealId: number; fromWallet: string }[] = [];
    for (let i = 0; i < 23; i += 1) {
      const fromWallet = createWallet().address;
      const [deal] = await t.app.db
        .insert(orders)
        .values({ ...common, parentOrderId: offer!.orderId, acceptorWallet: fromWallet, status: OrderStatus.Completed, amount: '1', totalAmount: '1' })
        .returning({ orderId: orders.orderId });
      const review = { id: crypto.randomUUID(), dealId: deal!.orderId, fromWallet, toWallet: star, score: (i % 5) + 1, comment: `review ${i}`, createdAt: new Date(base + i * 1000) };
      await t.app.db.insert(reviews).values(review);
      written.push(review);
    }
    const reporter = await newSession();
    expect((await report(reporter, star, 'Asked to pay outside the platform')).statusCode).toBe(200);

    const read = async (query: Record<string, string> = {}) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/rating/${star}/reviews`, query });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ReviewsResponse>();
    };
    const newestFirst = [...written].reverse();
    const first = await read();
    expect(first.reviews).toHaveLength(20);
    expect(first.reviews[0]).toEqual({
      id: newestFirst[0]!.id,
      fromWallet: newestFirst[0]!.fromWallet,
      score: newestFirst[0]!.score,
      comment: 'review 22',
      dealId: newestFirst[0]!.dealId,
      createdAt: newestFirst[0]!.createdAt.toISOString(),
    });
    expect(first.reviews.map((r) => r.id)).toEqual(newestFirst.slice(0, 20).map((r) => r.id));
    const sum = written.reduce((total, r) => total + r.score, 0);
    expect(first).toMatchObject({ total: 23, averageScore: Math.round((sum / 23) * 100) / 100 });
    expect((await read({ skip: '20' })).reviews.map((r) => r.id)).toEqual(newestFirst.slice(20).map((r) => r.id));
    expect((await read({ skip: '23' })).reviews).toEqual([]);
    expect((await read({ take: '50' })).reviews).toHaveLength(23);
    expect(first.reviews.every((r) => r.score >= 1)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/rating/${star}/reviews`, query: { take: '51' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/rating/${star}/reviews`, query: { skip: '-1' } })).statusCode).toBe(400);
  });
});

describe('POST /rating — report rules', () => {
  it('needs a reason, never yourself, and one report per wallet in 24 hours (409), kept for the admins only', async () => {
    const reporter = await newSession();
    const target = createWallet().address;
    expect(errorOf(await report(reporter, target, ' \n '))).toMatchObject({ status: 400, message: PROVIDE_A_REASON });
    expect(errorOf(await report(reporter, reporter.wallet.address, 'me'))).toMatchObject({ status: 400, message: RATING_MESSAGES.notYourself });

    expect((await report(reporter, target, 'Scam attempt')).statusCode).toBe(200);
    expect(errorOf(await report(reporter, target, 'Again'))).toMatchObject({ status: 409, code: 'CONFLICT', message: ALREADY_SENT_REQUEST });
    // Another wallet, or another reporter, is a new report.
    expect((await report(reporter, createWallet().address, 'Other one')).statusCode).toBe(200);
    expect((await report(await newSession(), target, 'Me too')).statusCode).toBe(200);

    t.clock.advance(REPORT_REPEAT_WINDOW_MS - 1);
    expect(errorOf(await report(await session(t.app, reporter.wallet), target, 'Still'))).toMatchObject({ status: 409 });
    t.clock.advance(1);
    expect((await report(await session(t.app, reporter.wallet), target, 'A day later')).statusCode).toBe(200);

    const stored = await t.app.db.select().from(userReports).where(eq(userReports.toWallet, target));
    expect(stored.map((r) => r.comment).sort()).toEqual(['A day later', 'Me too', 'Scam attempt']);
    const listed = await t.app.inject({ method: 'GET', url: `/api/rating/${target}/reviews` });
    expect(listed.json<ReviewsResponse>()).toEqual({ reviews: [], total: 0, averageScore: null });
  });

  it('lets only one of two reports sent at once through', async () => {
    const reporter = await newSession();
    const target = createWallet().address;
    const answers = await Promise.all([report(reporter, target, 'one'), report(reporter, target, 'two'), report(reporter, target, 'three')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await t.app.db.select().from(userReports).where(eq(userReports.toWallet, target))).toHaveLength(1);
  });
});

describe('blocks: GET /user-bans, DELETE /user-bans/{wallet}, and what a block does', () => {
  const block = (s: Session, bannedWallet: string, reason: string) =>
    t.app.inject({ method: 'POST', url: '/api/user-bans/ban', headers: s.headers, payload: { bannedWallet, reason } });
  const blocks = async (s: Session) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user-bans', headers: s.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BlockListResponse>().blocks;
  };
  const unblock = (s: Session, wallet: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/user-bans/${wallet}`, headers: s.headers });
  const market = async (s: Session) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/platform/all-new-offers?Side=1&Size=50', headers: s.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MarketResponse>();
  };
  const seesOffer = async (s: Session, orderId: number) => (await market(s)).data.some((o) => o.orderId === orderId);

  it('lists my blocks newest first, unblocks them, and answers 404 for a wallet not blocked', async () => {
    const me = await newSession();
    const first = createWallet().address;
    const second = createWallet().address;
    expect(await blocks(me)).toEqual([]);
    const firstAt = t.clock.now().toISOString();
    expect((await block(me, first, ' Rude ')).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await block(me, second, 'Spam')).statusCode).toBe(200);
    // Blocking again keeps one entry.
    expect((await block(me, second, 'Spam again')).statusCode).toBe(200);
    expect(await blocks(me)).toEqual([
      { bannedWallet: second, reason: 'Spam again', createdAt: new Date(Date.parse(firstAt) + 1000).toISOString() },
      { bannedWallet: first, reason: 'Rude', createdAt: firstAt },
    ]);
    expect(await blocks(await newSession())).toEqual([]);

    const removed = await unblock(me, first);
    expect(removed.json<UnblockResponse>()).toEqual({ bannedWallet: first, removed: true });
    expect(errorOf(await unblock(me, first))).toMatchObject({ status: 404, message: NOT_BLOCKED });
    expect(errorOf(await unblock(me, createWallet().address))).toMatchObject({ status: 404, message: NOT_BLOCKED });
    expect((await blocks(me)).map((b) => b.bannedWallet)).toEqual([second]);
    expect(errorOf(await unblock(me, 'not-a-wallet')).status).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/user-bans' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user-bans/${second}` })).statusCode).toBe(401);
  });

  it('hides the two wallets’ offers from each other in the market and refuses claims both ways, until unblocked', async () => {
    const blocker = await newSession();
    const blocked = await newSession();
    const bystander = await newSession();
    const blockedOffer = await createOrder(t.app, blocked, buyOfferBody({ minFiatAmount: '0', maxFiatAmount: '0' }));
    const blockerOffer = await createOrder(t.app, blocker, buyOfferBody({ minFiatAmount: '0', maxFiatAmount: '0' }));
    expect(await seesOffer(blocker, blockedOffer)).toBe(true);
    const before = (await market(blocker)).total;

    expect((await block(blocker, blocked.wallet.address, 'Scam attempt')).statusCode).toBe(200);
    expect(await seesOffer(blocker, blockedOffer)).toBe(false);
    expect(await seesOffer(blocked, blockerOffer)).toBe(false);
    expect((await market(blocker)).total).toBe(before - 1);
    expect(await seesOffer(bystander, blockedOffer)).toBe(true);
    expect(await seesOffer(bystander, blockerOffer)).toBe(true);

    const claimBy = (s: Session, offerId: number) => postOrder(t.app, s, { parentOrderId: offerId, amount: '10000000', ...sellerDetails() });
    expect(errorOf(await claimBy(blocker, blockedOffer))).toMatchObject({ status: 403, message: ORDER_MESSAGES.claimBlocked });
    expect(errorOf(await claimBy(blocked, blockerOffer))).toMatchObject({ status: 403, message: ORDER_MESSAGES.claimBlocked });

    expect((await unblock(blocker, blocked.wallet.address)).statusCode).toBe(200);
    expect(await seesOffer(blocker, blockedOffer)).toBe(true);
    expect(await seesOffer(blocked, blockerOffer)).toBe(true);
    expect((await claimBy(blocked, blockerOffer)).statusCode).toBe(200);
  });
});
