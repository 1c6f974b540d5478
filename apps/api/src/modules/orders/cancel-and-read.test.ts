import type { OrderDetails, TradingStats, UserOffersResponse } from '@jelly/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { buyOfferBody, createOrder, errorOf, postOrder, sellerDetails, session, type Session, USDT_MINT } from './testing.ts';

describe('cancel (PUT /orders/update-offers), order details, user orders and trading stats', () => {
  let t: TestApp;
  let maker: Session;
  let taker: Session;
  let stranger: Session;
  let admin: Session;

  beforeAll(async () => {
    const adminWallet = createWallet();
    t = await createTestApp({ config: { adminWallets: new Set([adminWallet.address]) } });
    maker = await session(t.app, createWallet());
    taker = await session(t.app, createWallet());
    stranger = await session(t.app, createWallet());
    admin = await session(t.app, adminWallet);
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (s: Session, orderId: number, orderStatus: number) =>
    t.app.inject({ method: 'PUT', url: `/api/orders/update-offers?orderId=${orderId}&orderStatus=${orderStatus}`, headers: s.headers });
  const get = (s: Session, id: number) => t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: s.headers });
  const claim = async (s: Session, parentOrderId: number, amount: string) => {
    const response = await postOrder(t.app, s, { parentOrderId, amount, ...sellerDetails() });
    expect(response.statusCode).toBe(200);
    return response.json<{ orderId: number }>().orderId;
  };
  const setStatus = (id: number, status: number, extra = sql``) =>
    t.app.db.execute(sql`UPDATE orders SET status = ${status} ${extra} WHERE order_id = ${id}`);

  it('lets the creator cancel an Active offer, once; open deals carry on', async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody());
    const dealId = await claim(taker, offerId, '20000000');
    expect(errorOf(await put(taker, offerId, 4))).toMatchObject({ status: 403, message: 'Only the creator can cancel this offer.' });
    const response = await put(maker, offerId, 4);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ orderId: offerId, status: 4 });
    expect(errorOf(await put(maker, offerId, 4))).toMatchObject({ status: 409, message: 'Only an active offer can be cancelled.' });
    expect((await get(taker, dealId)).json<OrderDetails>().status).toBe(1);
  });

  it('lets either party cancel an unlocked In Progress deal and gives the amount back to the offer', async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody());
    const first = await claim(taker, offerId, '30000000');
    const second = await claim(taker, offerId, '20000000');
    expect(errorOf(await put(stranger, first, 4))).toMatchObject({ status: 403, message: 'Only the two parties can cancel this deal.' });
    expect((await put(taker, first, 4)).statusCode).toBe(200);
    expect((await put(maker, second, 4)).statusCode).toBe(200);
    expect((await get(maker, offerId)).json<OrderDetails>().amount).toBe('100000000');
    expect(errorOf(await put(taker, first, 4))).toMatchObject({ status: 409, message: 'This deal can no longer be cancelled.' });
  });

  it('refuses a database cancel once the crypto is locked, and every other status change', async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody());
    const dealId = await claim(taker, offerId, '30000000');
    for (const status of [0, 1, 2, 3, 5, 6, 7, 8]) {
      expect(errorOf(await put(maker, dealId, status))).toMatchObject({
        status: 409,
        message:
          'Only cancelling (status 4) is done here; every other status change follows the escrow on chain and is made by the server.',
      });
    }
    await setStatus(dealId, 8, sql`, locked_at = now()`);
    expect(errorOf(await put(taker, dealId, 4))).toMatchObject({
      status: 409,
      message: 'The crypto is locked in escrow: the deal can only be cancelled on chain, by the fiat side (Cancel Deal in the chat).',
    });
    expect(errorOf(await put(taker, 987_654, 4))).toMatchObject({ status: 404, message: 'Order not found.' });
    expect((await t.app.inject({ method: 'PUT', url: `/api/orders/update-offers?orderId=${dealId}&orderStatus=4` })).statusCode).toBe(401);
  });

  it('shows offers to anyone signed in and deals only to their parties and admins', async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody());
    const dealId = await claim(taker, offerId, '30000000');
    expect((await get(stranger, offerId)).statusCode).toBe(200);
    expect(errorOf(await get(stranger, dealId))).toMatchObject({ status: 403, message: 'Only the two parties of this deal and admins can see it.' });
    for (const s of [maker, taker, admin]) {
      const deal = (await get(s, dealId)).json<OrderDetails>();
      expect(deal.parentOffer?.orderId).toBe(offerId);
    }
    expect(errorOf(await get(maker, 123_456_789))).toMatchObject({ status: 404 });
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${offerId}` })).statusCode).toBe(401);
  });

  it("lists a wallet's offers and deals with filters, paging and the dropdown values", async () => {
    const lister = await session(t.app, createWallet());
    const usdt = await createOrder(t.app, lister, buyOfferBody({ tokenMint: USDT_MINT, fiatCode: 'USD', price: '1', maxFiatAmount: '100' }));
    const eur = await createOrder(t.app, lister, buyOfferBody());
    t.clock.advance(1000);
    const offerOfOther = await createOrder(t.app, maker, buyOfferBody({ fiatCode: 'GBP', price: '0.8', maxFiatAmount: '80' }));
    const deal = await claim(lister, offerOfOther, '20000000');

    const list = async (query: string, as: Session = lister) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/platform/all-user-offers/${lister.wallet.address}${query}`,
        headers: as.headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json<UserOffersResponse>();
    };
    const all = await list('');
    expect(all.orders.map((o) => o.orderId)).toEqual([deal, eur, usdt]);
    expect(all).toMatchObject({ total: 3, totalCount: 3, page: 1, size: 8, fiatCodes: ['EUR', 'GBP', 'USD'], tokenNames: ['USDC', 'USDT'] });
    expect((await list('?Dir=0')).orders.map((o) => o.orderId)).toEqual([usdt, eur, deal]);
    expect((await list('?Status=1')).orders.map((o) => o.orderId)).toEqual([deal]);
    expect((await list(`?TokenMint=${USDT_MINT}`)).orders.map((o) => o.orderId)).toEqual([usdt]);
    expect((await list('?FiatCode=eur')).orders.map((o) => o.orderId)).toEqual([eur]);
    expect((await list('?Side=1&Size=2&Page=2')).orders.map((o) => o.orderId)).toEqual([usdt]);
    const day = t.clock.now().toISOString().slice(0, 10);
    expect((await list(`?From=${day}&To=${day}`)).total).toBe(3);
    expect((await list('?From=2000-01-01&To=2000-01-02')).total).toBe(0);
    expect((await list('?Page=0&Size=0')).size).toBe(1);
    expect((await list('', admin)).total).toBe(3);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: `/api/platform/all-user-offers/${lister.wallet.address}`,
      headers: stranger.headers,
    });
    expect(errorOf(forbidden)).toMatchObject({ status: 403, message: 'You can only list your own orders.' });
  });

  it('computes trading stats from deals, and keeps the market counters in step (trigger)', async () => {
    const trader = await session(t.app, createWallet());
    const sellOffer = await createOrder(t.app, maker, buyOfferBody({ orderSide: 1 })); // maker buys: trader sells
    const done = await claim(trader, sellOffer, '20000000');
    const cancelled = await claim(trader, sellOffer, '20000000');
    const open = await claim(trader, sellOffer, '20000000');
    // Fixed lock and release moments (90 s apart), so the average release time is exact.
    const lockedAt = t.clock.now();
    const releasedAt = new Date(lockedAt.getTime() + 90_000);
    await setStatus(done, 8, sql`, locked_at = ${lockedAt.toISOString()}`);
    await setStatus(done, 3, sql`, updated_at = ${releasedAt.toISOString()}`);
    expect((await put(trader, cancelled, 4)).statusCode).toBe(200);
    await setStatus(cancelled, 4); // no double count
    expect(open).toBeGreaterThan(0);

    const stats = (await t.app.inject({ method: 'GET', url: `/api/platform/trading-stats/${trader.wallet.address}` })).json<TradingStats>();
    expect(stats).toMatchObject({
      wallet: trader.wallet.address,
      completedDeals: 1,
      finishedDeals: 2,
      cancelledDeals: 1,
      completionRate: 50,
      openDeals: 1,
      buyDeals: 0,
      sellDeals: 1,
      volume: [{ tokenMint: buyOfferBody().tokenMint, tokenName: 'USDC', tokenDecimal: 6, amount: '20000000' }],
      activeOffers: 0,
    });
    expect(stats.avgReleaseSeconds).toBe(90);
    expect(stats.accountCreatedAt).toBe(t.clock.now().toISOString());

    const counters = await t.app.db.execute(sql`SELECT wallet, trades, completed, cancelled FROM trader_stats WHERE wallet = ${trader.wallet.address}`);
    expect((counters as unknown as { rows: unknown[] }).rows).toEqual([{ wallet: trader.wallet.address, trades: 2, completed: 1, cancelled: 1 }]);

    const nobody = (await t.app.inject({ method: 'GET', url: `/api/platform/trading-stats/${createWallet().address}` })).json<TradingStats>();
    expect(nobody).toMatchObject({ completedDeals: 0, finishedDeals: 0, completionRate: null, volume: [], accountCreatedAt: null });
  });

  it('answers 404 for the dev faucet without the embedded localnet', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/platform/dev/faucet',
      headers: maker.headers,
      payload: { wallet: maker.wallet.address },
    });
    expect(errorOf(response)).toMatchObject({
      status: 404,
      message:
        "Test funds are not available on this server: it uses an external Solana cluster, not the embedded localnet. Get test SOL and tokens from that cluster's own faucet.",
    });
  });
});
