import { MARKET_COUNT_CAP, marketResponse, type MarketFilters, type MarketResponse } from '@jelly/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { seedOffers, session, type Session } from '../orders/testing.ts';
import { marketPage } from './market-page.ts';
import { cappedCountSql, marketPageSql, marketWhere } from './market-sql.ts';

const SOL = 'So11111111111111111111111111111111111111112';

describe('GET /platform/all-new-offers(-unath)', () => {
  let t: TestApp;
  let me: Session;
  const alice = createWallet().address;
  const bob = createWallet().address;
  const ids: Record<string, number> = {};
  const t0 = new Date('2026-01-01T00:00:00Z');
  const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

  beforeAll(async () => {
    t = await createTestApp({ config: { trustedProxies: ['127.0.0.1'] } });
    me = await session(t.app, createWallet());
    const [a, b, c, d, e, f, g, h, i] = await seedOffers(t.app.db, [
      { creator: alice, side: 0, fiat: 'EUR', price: '0.95', amount: '50000000', methods: ['sepa', 'revolut'], createdAt: at(1) },
      { creator: bob, side: 0, fiat: 'EUR', price: '0.91', amount: '200000000', methods: ['wise'], createdAt: at(2) },
      { creator: alice, side: 0, fiat: 'EUR', price: '0.91', amount: '10000000', methods: ['revolut'], createdAt: at(3) },
      { creator: bob, side: 0, fiat: 'USD', price: '1.01', amount: '70000000', methods: ['zelle'], createdAt: at(4) },
      { creator: alice, side: 1, fiat: 'EUR', price: '0.93', amount: '30000000', methods: ['sepa'], createdAt: at(5) },
      // 2 SOL (9 decimals) = more tokens than 1.5 USDC-equivalents but fewer base units than 200 USDC.
      { creator: bob, side: 0, fiat: 'EUR', price: '120', amount: '2000000000', decimals: 9, mint: SOL, symbol: 'SOL', createdAt: at(6) },
      { creator: alice, side: 0, fiat: 'EUR', price: '0.90', amount: '0', createdAt: at(7) }, // sold out
      { creator: alice, side: 0, fiat: 'EUR', price: '0.90', amount: '5000000', status: 4, createdAt: at(8) }, // cancelled
      { creator: me.wallet.address, side: 0, fiat: 'EUR', price: '0.92', amount: '5000000', countries: ['DE'], createdAt: at(9) },
    ]);
    Object.assign(ids, { a, b, c, d, e, f, g, h, i });
    await t.app.db.execute(sql`INSERT INTO trader_stats (wallet, trades, completed, cancelled) VALUES (${alice}, 8, 6, 2)`);
  });
  afterAll(async () => {
    await t.close();
  });

  // Callers are in Germany unless a test says otherwise (offer i is limited to DE).
  const list = async (query: string, s?: Session, headers: Record<string, string> = { 'cf-ipcountry': 'DE' }) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/platform/${s ? 'all-new-offers' : 'all-new-offers-unath'}${query}`,
      headers: { ...(s?.headers ?? {}), ...headers },
    });
    expect(response.statusCode).toBe(200);
    return response.json<MarketResponse>();
  };
  const idsOf = (r: MarketResponse) => r.data.map((o) => o.orderId);

  it('lists active Sell offers with something left, newest first, with the public list response shape', async () => {
    const r = await list('?Side=0');
    expect(idsOf(r)).toEqual([ids.i, ids.f, ids.d, ids.c, ids.b, ids.a]);
    expect(r).toMatchObject({ total: 6, totalCount: 6, totalIsCapped: false, page: 1, size: 10 });
    const a = r.data.find((o) => o.orderId === ids.a);
    expect(a).toMatchObject({
      creatorWallet: alice,
      price: '0.95',
      amount: '50000000',
      paymentMethods: [
        { id: 'sepa', name: 'SEPA' },
        { id: 'revolut', name: 'Revolut' },
      ],
      creatorStats: { trades: 8, completedTrades: 6, completionRate: 75 },
    });
    expect(r.data.find((o) => o.orderId === ids.b)?.creatorStats).toEqual({ trades: 0, completedTrades: 0, completionRate: null });
    const raw = await t.app.inject({ method: 'GET', url: '/api/platform/all-new-offers-unath?Side=0', headers: { 'cf-ipcountry': 'DE' } });
    expect(raw.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(marketResponse.parse(raw.json())).toEqual(r);
  });

  it('filters by side, currency, price from, payment methods and token', async () => {
    expect(idsOf(await list('?Side=1'))).toEqual([ids.e]);
    expect(idsOf(await list('?Side=0&Fiat=usd'))).toEqual([ids.d]);
    expect(idsOf(await list('?Side=0&Fiat=EUR&PriceFrom=0.93'))).toEqual([ids.f, ids.a]);
    expect(idsOf(await list('?Side=0&PaymentMethod=revolut'))).toEqual([ids.c, ids.a]);
    expect(idsOf(await list('?Side=0&PaymentMethod=wise&PaymentMethod=zelle'))).toEqual([ids.d, ids.b]);
    expect(idsOf(await list('?Side=0&PaymentMethod=wise,zelle'))).toEqual([ids.d, ids.b]);
    expect(idsOf(await list(`?Side=0&TokenMint=${SOL}`))).toEqual([ids.f]);
    expect((await list('?Side=0&Fiat=All&PaymentMethod=All')).total).toBe(6);
  });

  it('sorts by price and amount in both directions, ties by order id', async () => {
    expect(idsOf(await list('?Side=0&Fiat=EUR&SortBy=1&Dir=0'))).toEqual([ids.b, ids.c, ids.i, ids.a, ids.f]);
    expect(idsOf(await list('?Side=0&Fiat=EUR&SortBy=1&Dir=1'))).toEqual([ids.f, ids.a, ids.i, ids.c, ids.b]);
    // Amount compares whole tokens: 2 SOL < 5 < 10 < 50 < 200 USDC.
    expect(idsOf(await list('?Side=0&Fiat=EUR&SortBy=2&Dir=0'))).toEqual([ids.f, ids.i, ids.c, ids.a, ids.b]);
    expect(idsOf(await list('?Side=0&SortBy=0&Dir=0'))).toEqual([ids.a, ids.b, ids.c, ids.d, ids.f, ids.i]);
  });

  it('merges both sides when no Side is given', async () => {
    expect(idsOf(await list('?SortBy=1&Dir=0&Fiat=EUR'))).toEqual([ids.b, ids.c, ids.i, ids.e, ids.a, ids.f]);
    expect(idsOf(await list('?SortBy=1&Dir=0&Fiat=EUR&Page=2&Size=2'))).toEqual([ids.i, ids.e]);
    expect((await list('?Fiat=EUR')).total).toBe(6);
  });

  it('pages and clamps the paging', async () => {
    const page2 = await list('?Side=0&Size=2&Page=2');
    expect(idsOf(page2)).toEqual([ids.d, ids.c]);
    expect(page2).toMatchObject({ page: 2, size: 2, total: 6 });
    expect(await list('?Side=0&Size=0&Page=-3')).toMatchObject({ page: 1, size: 1 });
    expect(await list('?Side=0&Size=5000')).toMatchObject({ size: 100 });
    expect((await list('?Side=0&Size=10&Page=999999')).page).toBe(MARKET_COUNT_CAP / 10);
    expect((await list('?Side=0&Page=abc&Size=x')).size).toBe(10);
  });

  it('rejects malformed filters', async () => {
    for (const query of ['?Side=2', '?SortBy=3', '?Dir=5', '?PriceFrom=-1', '?PriceFrom=1e5', '?Fiat=EURO']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/platform/all-new-offers-unath${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("signed in: leaves out the caller's own offers and offers closed to the caller's country", async () => {
    expect(idsOf(await list('?Side=0&Fiat=EUR&SortBy=1&Dir=0'))).toContain(ids.i);
    expect(idsOf(await list('?Side=0&Fiat=EUR&SortBy=1&Dir=0', me))).not.toContain(ids.i);
    const other = await session(t.app, createWallet());
    expect(idsOf(await list('?Side=0', other, { 'cf-ipcountry': 'DE' }))).toContain(ids.i);
    expect(idsOf(await list('?Side=0', other, { 'cf-ipcountry': 'FR' }))).not.toContain(ids.i);
    expect(idsOf(await list('?Side=0', other, {}))).not.toContain(ids.i); // country unknown: region-limited offers fail closed
    expect((await list('?Side=0&Fiat=EUR')).total).toBe(5);
    expect((await list('?Side=0&Fiat=EUR', me)).total).toBe(4);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/platform/all-new-offers' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves totals up to 5 s old (pages are always fresh), then recounts', async () => {
    const before = await list('?Side=1&Fiat=SEK');
    expect(before.total).toBe(0);
    await seedOffers(t.app.db, [{ creator: bob, side: 1, fiat: 'SEK', price: '10', amount: '1000000' }]);
    const cached = await list('?Side=1&Fiat=SEK');
    expect(cached.data).toHaveLength(1);
    expect(cached.total).toBe(0);
    t.clock.advance(5_001);
    // stale: answered at once with the old total, recounted behind
    expect((await list('?Side=1&Fiat=SEK')).total).toBe(0);
    await expect.poll(async () => (await list('?Side=1&Fiat=SEK')).total, { timeout: 10_000 }).toBe(1);
  });

  it(`caps the total at ${MARKET_COUNT_CAP} and says so`, async () => {
    await t.app.db.execute(sql`
      INSERT INTO orders (creator_wallet, token_mint, token_name, token_decimal, offer_side, status, price, amount,
        total_amount, fiat_code, payment_method_ids, payment_window_minutes)
      SELECT ${bob}, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'USDC', 6, 1, 0, 1 + n / 1000.0, 1000000, 1000000, 'CHF',
        '{twint}', 30
      FROM generate_series(1, ${MARKET_COUNT_CAP + 5}) AS n`);
    expect(await list('?Side=1&Fiat=CHF')).toMatchObject({ total: MARKET_COUNT_CAP, totalCount: MARKET_COUNT_CAP, totalIsCapped: true });
    expect(await list('?Side=1&Fiat=CHF&PriceFrom=2')).toMatchObject({ total: 6, totalIsCapped: false });
  });

  it('walks a partial market index in sort order, and counts from the covering index (EXPLAIN)', async () => {
    await t.app.db.execute(sql`
      INSERT INTO orders (creator_wallet, token_mint, token_name, token_decimal, offer_side, status, price, amount,
        total_amount, fiat_code, payment_method_ids, payment_window_minutes)
      SELECT 'w' || (n % 500), 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'USDC', 6, n % 2, CASE WHEN n % 7 = 0 THEN 3 ELSE 0 END,
        0.5 + (n % 1000) / 1000.0, (n % 300) * 1000000, 300000000, (ARRAY['EUR','USD','GBP','PLN'])[1 + n % 4],
        ARRAY[(ARRAY['sepa','revolut','wise','zelle','blik'])[1 + n % 5]], 30
      FROM generate_series(1, 30000) AS n`);
    await t.app.db.execute(sql`VACUUM ANALYZE orders`);
    const explain = async (filters: MarketFilters) => {
      const p = marketPage(filters);
      const query = marketPageSql(marketWhere(filters, filters.Side ?? null, null), p, p.size, p.offset);
      const result = (await t.app.db.execute(sql`EXPLAIN ${query}`)) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    };
    const byPrice = await explain({ Side: 0, Fiat: 'EUR', SortBy: 1, Dir: 0, PaymentMethod: ['sepa'] });
    expect(byPrice).toMatch(/Index Scan( Backward)? using orders_market_side_fiat_price_idx/);
    expect(byPrice).not.toMatch(/Seq Scan on orders/);
    const byDate = await explain({ Side: 1, SortBy: 0, Dir: 1 });
    expect(byDate).toMatch(/Index Scan( Backward)? using orders_market_side_created_idx/);
    const byAmount = await explain({ Side: 1, Fiat: 'PLN', SortBy: 2, Dir: 1, PriceFrom: '0.9' });
    expect(byAmount).toMatch(/using orders_market_side_fiat_amount_idx/);

    // The capped total reads every filter from the covering index, never the table.
    const count = (await t.app.db.execute(
      sql`EXPLAIN ${cappedCountSql(marketWhere({ Side: 0, Fiat: 'USD', PaymentMethod: ['wise'], PriceFrom: '0.8' }, 0, null), 1000)}`,
    )) as unknown as { rows: Record<string, string>[] };
    expect(count.rows.map((r) => Object.values(r)[0]).join('\n')).toMatch(/Index Only Scan using orders_market_count_idx/);
  });
});

describe('market page cache (MARKET_PAGE_CACHE_MS)', () => {
  let t: TestApp;
  const seller = createWallet().address;
  beforeAll(async () => {
    t = await createTestApp({ config: { market: { pageCacheMs: 1000 } } });
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (s?: Session) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/platform/${s ? 'all-new-offers' : 'all-new-offers-unath'}?Side=0&Fiat=NOK&SortBy=1&Dir=0`,
      headers: s?.headers ?? {},
    });
    return response.json<MarketResponse>().data.map((o) => o.orderId);
  };

  it('shares a page for up to a second, and never shows viewers their own offers from it', async () => {
    const [first] = await seedOffers(t.app.db, [{ creator: seller, side: 0, fiat: 'NOK', price: '10', amount: '1000000' }]);
    const viewer = await session(t.app, createWallet());
    expect(await list()).toEqual([first]);
    expect(await list(viewer)).toEqual([first]);

    const [second] = await seedOffers(t.app.db, [{ creator: viewer.wallet.address, side: 0, fiat: 'NOK', price: '9', amount: '1000000' }]);
    expect(await list()).toEqual([first]); // cached
    t.clock.advance(2_500);
    expect(await list()).toEqual([second, first]);
    // The viewer's "has offers" answer is still the cached "no", but the shared page holds their offer: a personal page.
    expect(await list(viewer)).toEqual([first]);
  });
});
