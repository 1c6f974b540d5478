import type {
  BlockUserResponse,
  OrderReviewStatusResponse,
  RatingResponse,
  RatingSummary,
  ReviewsResponse,
} from '@jelly/contracts';
import { OrderStatus, PROVIDE_A_REASON } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, supportRequests, userBlocks, userReports } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { buyOfferBody, createOrder, errorOf, sellerDetails, session, type Session } from '../orders/testing.ts';
import { CANNOT_BLOCK_YOURSELF } from './block-user.ts';
import { isBlockedEitherWay } from './queries.ts';
import { RATING_MESSAGES } from './submit-rating.ts';

let t: TestApp;
const adminWallet = createWallet();

beforeAll(async () => {
  t = await createTestApp({ config: { adminWallets: new Set([adminWallet.address]) } });
});
afterAll(async () => {
  await t.close();
});

/** A Buy offer by `maker` claimed by `taker`; the deal is then moved to `status` (the chain flow is tested in deals). */
async function deal(maker: Session, taker: Session, status: OrderStatus = OrderStatus.Completed): Promise<{ offerId: number; dealId: number }> {
  const offerId = await createOrder(t.app, maker, buyOfferBody());
  const dealId = await createOrder(t.app, taker, { parentOrderId: offerId, amount: '20000000', ...sellerDetails() });
  await t.app.db.update(orders).set({ status }).where(eq(orders.orderId, dealId));
  return { offerId, dealId };
}

const rate = (s: Session, body: object) => t.app.inject({ method: 'POST', url: '/api/rating', headers: s.headers, payload: body });
const reviewStatus = (s: Session, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/rating/order/${id}/status`, headers: s.headers });

describe('POST /rating — reviews', () => {
  it('lets each party of a Completed deal review the other once; the status shows who did', async () => {
    const maker = await session(t.app, createWallet());
    const taker = await session(t.app, createWallet());
    const { dealId } = await deal(maker, taker);

    let status = (await reviewStatus(taker, dealId)).json<OrderReviewStatusResponse>();
    expect(status).toEqual({ party1Wallet: maker.wallet.address, party2Wallet: taker.wallet.address, party1Review: null, party2Review: null });

    const response = await rate(taker, { toWallet: maker.wallet.address, score: 5, comment: ' Fast and friendly ', dealId: String(dealId) });
    expect(response.statusCode).toBe(200);
    expect(response.json<RatingResponse>().kind).toBe('review');
    status = (await reviewStatus(maker, dealId)).json<OrderReviewStatusResponse>();
    expect(status.party1Review).toBeNull();
    expect(status.party2Review).toMatchObject({ fromWallet: taker.wallet.address, score: 5, comment: 'Fast and friendly', dealId });

    const twice = await rate(taker, { toWallet: maker.wallet.address, score: 4, comment: '', dealId });
    expect(errorOf(twice)).toMatchObject({ status: 409, message: RATING_MESSAGES.alreadyReviewed });

    expect((await rate(maker, { toWallet: taker.wallet.address, score: 3, comment: 'ok', dealId })).statusCode).toBe(200);
    status = (await reviewStatus(taker, dealId)).json<OrderReviewStatusResponse>();
    expect(status.party1Review).toMatchObject({ fromWallet: maker.wallet.address, score: 3 });
  });

  it.each([
    ['an unfinished deal (In Progress)', OrderStatus.InProgress, 409, RATING_MESSAGES.notCompleted],
    ['a cancelled deal', OrderStatus.Cancelled, 409, RATING_MESSAGES.notCompleted],
    ['a deal resolved by the admin', OrderStatus.AdminResolved, 409, RATING_MESSAGES.notCompleted],
  ])('refuses a review of %s', async (_label, dealStatus, code, message) => {
    const maker = await session(t.app, createWallet());
    const taker = await session(t.app, createWallet());
    const { dealId } = await deal(maker, taker, dealStatus);
    expect(errorOf(await rate(taker, { toWallet: maker.wallet.address, score: 5, comment: '', dealId }))).toMatchObject({ status: code, message });
  });

  it('refuses strangers, wrong targets, scores outside 1–5, reviews without a deal, offers and unknown deals', async () => {
    const maker = await session(t.app, createWallet());
    const taker = await session(t.app, createWallet());
    const stranger = await session(t.app, createWallet());
    const { offerId, dealId } = await deal(maker, taker);

    expect(errorOf(await rate(stranger, { toWallet: maker.wallet.address, score: 5, comment: '', dealId }))).toMatchObject({ status: 403, message: RATING_MESSAGES.notAParty });
    expect(errorOf(await rate(taker, { toWallet: stranger.wallet.address, score: 5, comment: '', dealId }))).toMatchObject({ status: 400, message: RATING_MESSAGES.notCounterparty });
    expect(errorOf(await rate(taker, { toWallet: taker.wallet.address, score: 5, comment: '', dealId }))).toMatchObject({ status: 400, message: RATING_MESSAGES.notYourself });
    expect(errorOf(await rate(taker, { toWallet: maker.wallet.address, score: 6, comment: '', dealId })).status).toBe(400);
    expect(errorOf(await rate(taker, { toWallet: maker.wallet.address, score: 2.5, comment: '', dealId })).status).toBe(400);
    expect(errorOf(await rate(taker, { toWallet: maker.wallet.address, score: 0, comment: 'bad', dealId }))).toMatchObject({ status: 400, message: RATING_MESSAGES.reportHasNoDeal });
    expect(errorOf(await rate(taker, { toWallet: maker.wallet.address, score: 4, comment: '', dealId: null }))).toMatchObject({ status: 400, message: RATING_MESSAGES.reviewNeedsDeal });
    expect(errorOf(await rate(taker, { toWallet: maker.wallet.address, score: 4, comment: '', dealId: offerId }))).toMatchObject({ status: 400, message: RATING_MESSAGES.notADeal });
    expect(errorOf(await rate(taker, { toWallet: maker.wallet.address, score: 4, comment: '', dealId: 987_654_321 }))).toMatchObject({ status: 404 });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/rating', payload: { toWallet: maker.wallet.address, score: 4, comment: '', dealId } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows the review status to the parties and admins only', async () => {
    const maker = await session(t.app, createWallet());
    const taker = await session(t.app, createWallet());
    const { dealId } = await deal(maker, taker);
    expect(errorOf(await reviewStatus(await session(t.app, createWallet()), dealId)).status).toBe(403);
    expect((await reviewStatus(await session(t.app, adminWallet), dealId)).statusCode).toBe(200);
  });
});

describe('POST /rating — reports (score 0, dealId null)', () => {
  it("stores a report with its reason; a blank reason is refused with 'Please provide a reason'", async () => {
    const reporter = await session(t.app, createWallet());
    const target = createWallet();
    const blank = await rate(reporter, { toWallet: target.address, score: 0, comment: '   ', dealId: null });
    expect(errorOf(blank)).toMatchObject({ status: 400, message: PROVIDE_A_REASON });

    const response = await rate(reporter, { toWallet: target.address, score: 0, comment: ' Asked to pay outside the platform ', dealId: null });
    expect(response.json<RatingResponse>().kind).toBe('report');
    const rows = await t.app.db.select().from(userReports).where(eq(userReports.toWallet, target.address));
    expect(rows).toEqual([expect.objectContaining({ fromWallet: reporter.wallet.address, comment: 'Asked to pay outside the platform' })]);
    // A report is not a review.
    const reviews = await t.app.inject({ method: 'GET', url: `/api/rating/${target.address}/reviews` });
    expect(reviews.json<ReviewsResponse>().total).toBe(0);
  });
});

describe('GET /rating/{wallet}/reviews and /summary', () => {
  it('pages reviews newest first with the total and average; the summary counts completed deals and disputes', async () => {
    const star = await session(t.app, createWallet());
    const scores = [5, 4, 3];
    for (const score of scores) {
      const other = await session(t.app, createWallet());
      const { dealId } = await deal(star, other);
      t.clock.advance(1_000);
      expect((await rate(other, { toWallet: star.wallet.address, score, comment: `score ${score}`, dealId })).statusCode).toBe(200);
    }
    const unfinished = await deal(star, await session(t.app, createWallet()), OrderStatus.InProgress);
    await t.app.db.insert(supportRequests).values({
      id: crypto.randomUUID(), orderId: unfinished.dealId, requesterWallet: star.wallet.address, orderUrl: 'x',
      receiver: 'Admin', messageType: 'AdminNotification', statusBefore: 1, createdAt: t.clock.now(),
    });

    const first = (await t.app.inject({ method: 'GET', url: `/api/rating/${star.wallet.address}/reviews`, query: { skip: '0', take: '2' } })).json<ReviewsResponse>();
    expect(first.reviews.map((r) => r.score)).toEqual([3, 4]);
    expect(first.total).toBe(3);
    expect(first.averageScore).toBe(4);
    const rest = (await t.app.inject({ method: 'GET', url: `/api/rating/${star.wallet.address}/reviews`, query: { skip: '2', take: '2' } })).json<ReviewsResponse>();
    expect(rest.reviews.map((r) => r.score)).toEqual([5]);

    const summary = (await t.app.inject({ method: 'GET', url: `/api/rating/${star.wallet.address}/summary` })).json<RatingSummary>();
    expect(summary).toEqual({ disputes: 3, completedDeals: 3, disputesOpened: 1, reviewsCount: 3, accountCreatedAt: expect.any(String) });

    const nobody = createWallet().address;
    const empty = (await t.app.inject({ method: 'GET', url: `/api/rating/${nobody}/summary` })).json<RatingSummary>();
    expect(empty).toEqual({ disputes: 0, completedDeals: 0, disputesOpened: 0, reviewsCount: 0, accountCreatedAt: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/rating/not-a-wallet/summary' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/rating/${nobody}/reviews`, query: { take: '500' } })).statusCode).toBe(400);
  });
});

describe('POST /user-bans/ban (block a user)', () => {
  it('adds the wallet to the caller’s block list, both ways for claiming; needs a reason; not oneself', async () => {
    const me = await session(t.app, createWallet());
    const them = createWallet();
    const block = (body: object) => t.app.inject({ method: 'POST', url: '/api/user-bans/ban', headers: me.headers, payload: body });

    expect(errorOf(await block({ bannedWallet: them.address, reason: ' ' }))).toMatchObject({ status: 400, message: PROVIDE_A_REASON });
    expect(errorOf(await block({ bannedWallet: me.wallet.address, reason: 'me' }))).toMatchObject({ status: 400, message: CANNOT_BLOCK_YOURSELF });

    expect((await block({ bannedWallet: them.address, reason: 'Rude' })).json<BlockUserResponse>()).toEqual({ bannedWallet: them.address, created: true });
    expect((await block({ bannedWallet: them.address, reason: 'Scam attempt' })).json<BlockUserResponse>()).toEqual({ bannedWallet: them.address, created: false });
    const [row] = await t.app.db.select().from(userBlocks).where(eq(userBlocks.blockedWallet, them.address));
    expect(row).toMatchObject({ blockerWallet: me.wallet.address, reason: 'Scam attempt' });

    expect(await isBlockedEitherWay(t.app.db, me.wallet.address, them.address)).toBe(true);
    expect(await isBlockedEitherWay(t.app.db, them.address, me.wallet.address)).toBe(true);
    expect(await isBlockedEitherWay(t.app.db, me.wallet.address, createWallet().address)).toBe(false);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/user-bans/ban', payload: { bannedWallet: them.address, reason: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
