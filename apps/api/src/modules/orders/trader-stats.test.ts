import type { RatingSummary, TradingStats } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { USDC_MINT, USDT_MINT, session, type Session } from './testing.ts';

const S = OrderStatus;
const at = (iso: string) => new Date(iso);
const NOW = at('2026-06-15T12:00:00.000Z');

/**
 * Every figure of the trader profile from known deals with fixed timestamps. The deals move the way the chain sync
 * and the use-cases move them (one UPDATE of status per step, updated_at = the step's time); the counters follow.
 */
describe('GET /platform/trading-stats/{wallet} — the trader profile', () => {
  let t: TestApp;
  let trader: Session;
  let maker: Session;
  const reviewers: Session[] = [];
  const dealIds: Record<string, number> = {};

  const offer = async (creator: string, side: 0 | 1, token = USDC_MINT) => {
    const [row] = await t.app.db
      .insert(orders)
      .values({
        creatorWallet: creator, tokenMint: token, tokenName: token === USDC_MINT ? 'USDC' : 'USDT', tokenDecimal: 6,
        offerSide: side, status: S.Active, price: '1', amount: '500000000', totalAmount: '500000000', fiatCode: 'EUR',
        paymentWindowMinutes: 30, createdAt: at('2026-04-01T00:00:00Z'), updatedAt: at('2026-04-01T00:00:00Z'),
      })
      .returning();
    return row!;
  };
  const claim = async (parent: Awaited<ReturnType<typeof offer>>, acceptor: string, amount: string, created: string) => {
    const [row] = await t.app.db
      .insert(orders)
      .values({
        parentOrderId: parent.orderId, creatorWallet: parent.creatorWallet, acceptorWallet: acceptor,
        tokenMint: parent.tokenMint, tokenName: parent.tokenName, tokenDecimal: 6, offerSide: parent.offerSide,
        status: S.InProgress, price: '1', amount, totalAmount: amount, fiatCode: 'EUR', paymentWindowMinutes: 30,
        createdAt: at(created), updatedAt: at(created), dealStartTime: at(created),
      })
      .returning({ orderId: orders.orderId });
    return row!.orderId;
  };
  const move = (dealId: number, status: OrderStatus, when: string, extra = sql``) =>
    t.app.db.execute(sql`UPDATE orders SET status = ${status}, updated_at = ${at(when)} ${extra} WHERE order_id = ${dealId}`);
  /** In Progress → Locked → marked paid → Completed. */
  const complete = async (dealId: number, locked: string, paid: string, released: string) => {
    await move(dealId, S.CryptoGuyLockedCrypto, locked, sql`, locked_at = ${at(locked)}`);
    await move(dealId, S.SignedByOneParty, paid);
    await move(dealId, S.Completed, released, sql`, filled_quantity = amount`);
  };
  const stats = async (wallet: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/platform/trading-stats/${wallet}` })).json<TradingStats>();
  const review = async (from: Session, to: string, dealId: number, score: number, when: string) => {
    t.clock.set(at(when));
    const signedIn = await session(t.app, from.wallet); // a token valid at this time
    const response = await t.app.inject({
      method: 'POST', url: '/api/rating', headers: signedIn.headers, payload: { toWallet: to, score, comment: `${score} stars`, dealId },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(at('2026-03-01T09:00:00.000Z'));
    trader = await session(t.app, createWallet());
    maker = await session(t.app, createWallet());
    for (let i = 0; i < 3; i += 1) reviewers.push(await session(t.app, createWallet()));
    const T = trader.wallet.address;
    const M = maker.wallet.address;
    const [r0, r1, r2] = reviewers.map((r) => r.wallet.address) as [string, string, string];

    // The trader's Buy offer: the trader pays fiat (buyer) on every deal claimed on it.
    const buy = await offer(T, 1);
    dealIds.a = await claim(buy, r0, '10000000', '2026-05-01T09:50:00Z');
    await complete(dealIds.a, '2026-05-01T10:00:00Z', '2026-05-01T10:05:00Z', '2026-05-01T10:15:00Z'); // paid 300 s, released 900 s
    dealIds.b = await claim(buy, r1, '20000000', '2026-06-10T09:50:00Z');
    await complete(dealIds.b, '2026-06-10T10:00:00Z', '2026-06-10T10:10:00Z', '2026-06-10T10:20:00Z'); // 600 s, 1200 s
    dealIds.c = await claim(buy, r2, '5000000', '2026-06-12T08:00:00Z');
    await move(dealIds.c, S.Cancelled, '2026-06-12T08:05:00Z', sql`, at_fault_wallet = ${T}`); // the trader cancelled

    // The maker's Buy offers, claimed by the trader: the trader locks the crypto (seller); the maker pays.
    const makerBuy = await offer(M, 1);
    const makerBuyUsdt = await offer(M, 1, USDT_MINT);
    dealIds.d = await claim(makerBuyUsdt, T, '7000000', '2026-06-14T08:50:00Z');
    await complete(dealIds.d, '2026-06-14T09:00:00Z', '2026-06-14T09:20:00Z', '2026-06-14T09:30:00Z'); // maker paid 1200 s, released 1800 s
    dealIds.e = await claim(makerBuy, T, '1000000', '2026-06-13T08:00:00Z');
    await move(dealIds.e, S.Expired, '2026-06-13T08:30:00Z'); // the trader never locked: at fault
    dealIds.f = await claim(makerBuy, T, '1000000', '2026-06-15T11:00:00Z'); // still open
    dealIds.g = await claim(makerBuy, T, '1000000', '2026-06-11T08:00:00Z');
    await move(dealIds.g, S.Cancelled, '2026-06-11T08:10:00Z', sql`, at_fault_wallet = ${M}`); // the maker's fault

    await review(reviewers[0]!, T, dealIds.a, 5, '2026-05-02T00:00:00Z');
    await review(reviewers[1]!, T, dealIds.b, 4, '2026-06-11T00:00:00Z');
    await review(maker, T, dealIds.d, 2, '2026-06-14T10:00:00Z');
    // A report is no review: it counts nowhere.
    t.clock.set(NOW);
    const reporter = await session(t.app, reviewers[2]!.wallet);
    const report = await t.app.inject({
      method: 'POST', url: '/api/rating', headers: reporter.headers, payload: { toWallet: T, score: 0, comment: 'rude', dealId: null },
    });
    expect(report.statusCode, report.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('computes every figure from the seeded deals and reviews', async () => {
    expect(await stats(trader.wallet.address)).toEqual({
      wallet: trader.wallet.address,
      completedDeals: 3,
      // a, b, d completed; c (cancelled by the trader) and e (expired on the trader's turn) failed; g was the maker's fault
      finishedDeals: 5,
      cancelledDeals: 2,
      completionRate: 60,
      openDeals: 1,
      buyDeals: 2,
      sellDeals: 1,
      volume: [
        { tokenMint: USDC_MINT, tokenName: 'USDC', tokenDecimal: 6, amount: '30000000' },
        { tokenMint: USDT_MINT, tokenName: 'USDT', tokenDecimal: 6, amount: '7000000' },
      ],
      avgReleaseSeconds: 1300, // (900 + 1200 + 1800) / 3
      activeOffers: 1,
      accountCreatedAt: '2026-03-01T09:00:00.000Z',
      // the 30 UTC days to 2026-06-15: b and d completed, c and e failed (a ended on 1 May)
      completedDeals30d: 2,
      completionRate30d: 50,
      avgPaymentSeconds: 450, // the deals the trader paid: (300 + 600) / 2
      positiveFeedbackPercent: 66.7, // 5 and 4 of 5, 4, 2
      reviewsCount: 3,
      ratingAverage: 3.7, // 11 / 3
      firstTradeAt: '2026-05-01T10:15:00.000Z',
    });
  });

  it('counts the other side of the same deals for the maker', async () => {
    expect(await stats(maker.wallet.address)).toMatchObject({
      completedDeals: 1,
      finishedDeals: 2, // d, and g (its own fault); e was the trader's
      cancelledDeals: 1,
      completionRate: 50,
      openDeals: 1,
      buyDeals: 1,
      sellDeals: 0,
      avgPaymentSeconds: 1200,
      avgReleaseSeconds: 1800,
      activeOffers: 2,
      reviewsCount: 0,
      ratingAverage: null,
      positiveFeedbackPercent: null,
      firstTradeAt: '2026-06-14T09:30:00.000Z',
    });
  });

  it('moves the 30-day figures with the clock and the open count with each status move', async () => {
    t.clock.set(at('2026-07-12T00:00:00.000Z')); // b (10 June) is now out of the window; d, e (13–14 June) are in
    expect(await stats(trader.wallet.address)).toMatchObject({ completedDeals30d: 1, completionRate30d: 50 });
    t.clock.set(at('2026-08-01T00:00:00.000Z'));
    expect(await stats(trader.wallet.address)).toMatchObject({ completedDeals30d: 0, completionRate30d: null, completedDeals: 3 });

    await move(dealIds.f!, S.CryptoGuyLockedCrypto, '2026-08-01T00:00:00Z', sql`, locked_at = ${at('2026-08-01T00:00:00Z')}`);
    expect((await stats(trader.wallet.address)).openDeals).toBe(1);
    await move(dealIds.f!, S.AdminResolving, '2026-08-01T00:01:00Z');
    expect((await stats(trader.wallet.address)).openDeals).toBe(1);
    await move(dealIds.f!, S.AdminResolved, '2026-08-01T00:02:00Z', sql`, filled_quantity = amount`);
    const after = await stats(trader.wallet.address);
    // Released to the maker (fiat side): ruled against the trader, the crypto side.
    expect(after).toMatchObject({ openDeals: 0, finishedDeals: 6, completedDeals: 3, completedDeals30d: 0, completionRate30d: 0 });
    t.clock.set(NOW);
  });

  it('answers zeros and nulls for a wallet without deals or reviews; the summary counts completed deals', async () => {
    const nobody = createWallet().address;
    expect(await stats(nobody)).toMatchObject({
      completedDeals: 0, completedDeals30d: 0, completionRate: null, completionRate30d: null, avgPaymentSeconds: null,
      avgReleaseSeconds: null, positiveFeedbackPercent: null, reviewsCount: 0, ratingAverage: null, firstTradeAt: null,
      volume: [], accountCreatedAt: null,
    });
    const summary = (await t.app.inject({ method: 'GET', url: `/api/rating/${trader.wallet.address}/summary` })).json<RatingSummary>();
    expect(summary).toMatchObject({ completedDeals: 3, disputes: 3, reviewsCount: 3, accountCreatedAt: '2026-03-01T09:00:00.000Z' });
  });
});
