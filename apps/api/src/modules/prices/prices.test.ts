import type { PriceValidationResponse } from '@jelly/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createOutboundHttp } from '../../lib/outbound-http.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { refreshFloatingPrices } from '../orders/index.ts';
import { buyOfferBody, createOrder, session } from '../orders/testing.ts';
import { loadBundledSnapshot } from './bundled-price-feed.ts';
import { createPriceFeed } from './create-price-feed.ts';
import { parseFxRates } from './fx-rates.ts';
import { floatingPrice, marketPrice } from './market-price.ts';
import { PriceFeedUnavailableError, type PriceFeed } from './price-feed.ts';
import { readPricesConfig } from './price-feed-config.ts';
import { PYTH_FEED_IDS, pythPriceToDecimal } from './pyth-hermes.ts';
import { readFixture, startReplayServer, type ReplayServer } from './replay-server.ts';

const HERMES = '/v2/updates/price/latest';
const FX = '/v6/latest/USD';
/** publish_time of the recorded Hermes response + 10 s. */
const FIXTURE_NOW = 1724025751_000 + 10_000;
/** The replay server listens on loopback, which the outbound client reaches only when the allow-list names it. */
const REPLAY_ALLOWED = { allow: ['127.0.0.1'] };
const outbound = createOutboundHttp(REPLAY_ALLOWED);
afterAll(() => outbound.close());

describe('price maths', () => {
  it.each([
    ['14316027451', -8, '143.16027451'],
    ['99996124', -8, '0.99996124'],
    ['5', 2, '500'],
    ['0', -8, null],
    ['-3', -8, null],
  ])('pyth %s × 10^%i = %s', (price, expo, expected) => {
    expect(pythPriceToDecimal(price, expo)).toBe(expected);
  });

  it.each([
    ['0.9', '2', '0.918'],
    ['100', '-1.5', '98.5'],
    ['0.90750382', '2', '0.9256539'],
    ['1', '0.000001', '1.00000001'],
    ['3', '33.333333', '3.99999999'],
  ])('floating price of %s with a premium of %s percent = %s', (market, premium, expected) => {
    expect(floatingPrice(market, premium)).toBe(expected);
  });

  it('reads both FX formats and refuses anything else', () => {
    const er = parseFxRates(JSON.parse(readFixture('er-api-usd-2024-08-19.json')));
    expect(er?.perUsd.get('EUR')).toBe('0.907539');
    expect(er?.perUsd.get('JPY')).toBe('148.042596');
    expect(er?.asOf.toISOString()).toBe('2024-08-19T00:02:31.000Z');
    const ff = parseFxRates(JSON.parse(readFixture('frankfurter-usd-2024-08-19.json')));
    expect(ff?.perUsd.get('USD')).toBe('1');
    expect(ff?.asOf.toISOString()).toBe('2024-08-19T00:00:00.000Z');
    expect(parseFxRates({ result: 'error', 'error-type': 'unsupported-code' })).toBeNull();
    expect(parseFxRates({ base: 'EUR', date: '2024-08-19', rates: { USD: 1.1 } })).toBeNull();
  });

  it('reads the price configuration', () => {
    expect(readPricesConfig({})).toEqual({ ok: true, config: { feed: { kind: 'bundled' }, floatingRefreshMs: 60_000 } });
    expect(readPricesConfig({ PRICE_FEED: 'pyth+fx', FLOATING_PRICE_REFRESH_SECONDS: '0' })).toEqual({
      ok: true,
      config: {
        feed: { kind: 'pyth+fx', hermesUrl: 'https://hermes.pyth.network', fxRatesUrl: 'https://open.er-api.com/v6/latest/USD' },
        floatingRefreshMs: 0,
      },
    });
    const bad = readPricesConfig({ PRICE_FEED: 'coingecko', FX_RATES_URL: 'ftp://x' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.join(' ')).toMatch(/PRICE_FEED.*FX_RATES_URL/s);
  });

  it('ships a dated snapshot with every catalogue currency it can price and the three tokens', () => {
    const snapshot = loadBundledSnapshot();
    expect(snapshot.asOf).toBe('2024-08-19T00:02:31.000Z');
    expect(Object.keys(snapshot.cryptoUsd).sort()).toEqual(['SOL', 'USDC', 'USDT']);
    expect(Object.keys(snapshot.fiatPerUsd).length).toBeGreaterThan(150);
  });
});

describe('Pyth Hermes + FX feed against a local server replaying recorded responses', () => {
  let server: ReplayServer;
  let now: number;
  let feed: PriceFeed;

  beforeEach(async () => {
    server = await startReplayServer({
      [HERMES]: [200, readFixture('hermes-latest-sol-usdc-usdt.json')],
      [FX]: [200, readFixture('er-api-usd-2024-08-19.json')],
    });
    now = FIXTURE_NOW;
    feed = createPriceFeed(
      { kind: 'pyth+fx', hermesUrl: server.url, fxRatesUrl: `${server.url}${FX}` },
      { fetch: outbound.fetch, now: () => now, timings: { cryptoTtlMs: 15_000, cryptoMaxAgeMs: 300_000, fxTtlMs: 3_600_000, fxStaleForMs: 86_400_000 } },
    );
  });
  afterEach(async () => {
    await server.close();
  });

  it('asks Hermes for every real feed id in one request and reads exact prices and confidences', async () => {
    expect(await feed.cryptoUsd('SOL')).toEqual({ value: '143.16027451', asOf: new Date(1724025751_000), confidence: '0.0921834' });
    expect((await feed.cryptoUsd('USDT'))?.confidence).toBe('0.00102334');
    expect((await feed.cryptoUsd('usdc'))?.value).toBe('0.99996124');
    expect((await feed.cryptoUsd('USDT'))?.value).toBe('1.000115');
    expect(await feed.cryptoUsd('BONK')).toBeNull();
    expect(server.hits.get(HERMES)).toBe(1);
    const ids = server.hermesQueries[0]?.getAll('ids[]');
    expect(ids).toEqual(Object.values(PYTH_FEED_IDS).map((id) => `0x${id}`));
  });

  it('computes the market price as cryptoPriceUsd × fiatToUsdRate', async () => {
    expect(await marketPrice(feed, 'SOL', 'EUR')).toEqual({
      cryptoPriceUsd: '143.16027451',
      fiatToUsdRate: '0.907539',
      price: '129.92353237', // 143.16027451 × 0.907539 = 129.92353236853089
      asOf: new Date(1724025751_000),
    });
    expect(await marketPrice(feed, 'SOL', 'XYZ')).toBeNull();
  });

  it('caches for the TTL, refetches after it, and serves the last FX table through an outage', async () => {
    await feed.cryptoUsd('SOL');
    await feed.fiatPerUsd('EUR');
    now += 10_000;
    await feed.cryptoUsd('SOL');
    await feed.fiatPerUsd('GBP');
    expect(server.hits.get(HERMES)).toBe(1);
    expect(server.hits.get(FX)).toBe(1);

    now += 6_000;
    await feed.cryptoUsd('SOL');
    expect(server.hits.get(HERMES)).toBe(2);

    server.routes.set(FX, [503, 'down']);
    now += 3_600_000;
    expect((await feed.fiatPerUsd('EUR'))?.value).toBe('0.907539');
    expect(server.hits.get(FX)).toBe(2);
  });

  it('refuses stale Pyth prices and reports an unreachable or garbled source as unavailable', async () => {
    now = FIXTURE_NOW + 10 * 60_000; // 10 minutes after publish_time
    await expect(feed.cryptoUsd('SOL')).rejects.toThrow(PriceFeedUnavailableError);

    // A fresh feed (nothing cached): an outage cannot be bridged by a last good value.
    feed = createPriceFeed({ kind: 'pyth+fx', hermesUrl: server.url, fxRatesUrl: `${server.url}${FX}` }, { fetch: outbound.fetch, now: () => now });
    now = FIXTURE_NOW;
    server.routes.set(HERMES, [500, 'oops']);
    await expect(feed.cryptoUsd('SOL')).rejects.toThrow('Pyth Hermes is unavailable: HTTP 500');
    server.routes.set(HERMES, [200, '{"parsed":"nope"}']);
    await expect(feed.cryptoUsd('SOL')).rejects.toThrow('Pyth Hermes answered in an unexpected format');
    server.routes.set(FX, [200, '{"result":"error"}']);
    await expect(feed.fiatPerUsd('EUR')).rejects.toThrow('The FX rate source answered in an unexpected format');
  });

  it('calls through the outbound client: without the allow-list a loopback source is refused and never reached', async () => {
    const strict = createOutboundHttp({ allow: [] });
    try {
      const refused = createPriceFeed({ kind: 'pyth+fx', hermesUrl: server.url, fxRatesUrl: `${server.url}${FX}` }, { fetch: strict.fetch, now: () => now });
      await expect(refused.cryptoUsd('SOL')).rejects.toThrow('Pyth Hermes is unavailable: 127.0.0.1 is a loopback address;');
      await expect(refused.fiatPerUsd('EUR')).rejects.toThrow('The FX rate source is unavailable: 127.0.0.1 is a loopback address;');
      expect(server.hits.size).toBe(0);
    } finally {
      await strict.close();
    }
  });
});

describe('GET /platform/price-validation', () => {
  let server: ReplayServer;
  let bundled: TestApp;
  let live: TestApp;

  beforeAll(async () => {
    server = await startReplayServer({
      [HERMES]: [200, readFixture('hermes-latest-sol-usdc-usdt.json')],
      [FX]: [200, readFixture('er-api-usd-2024-08-19.json')],
    });
    bundled = await createTestApp();
    live = await createTestApp({
      config: {
        outbound: REPLAY_ALLOWED,
        prices: { feed: { kind: 'pyth+fx', hermesUrl: server.url, fxRatesUrl: `${server.url}${FX}` }, floatingRefreshMs: 0 },
      },
    });
    live.clock.set(new Date(FIXTURE_NOW));
  });
  afterAll(async () => {
    await bundled.close();
    await live.close();
    await server.close();
  });

  const ask = (t: TestApp, query: string) => t.app.inject({ method: 'GET', url: `/api/platform/price-validation${query}` });

  it('answers from the bundled table by default', async () => {
    const response = await ask(bundled, '?fiatCode=eur&cryptoSymbol=usdc');
    expect(response.statusCode).toBe(200);
    expect(response.json<PriceValidationResponse>()).toEqual({
      fiatCode: 'EUR',
      cryptoSymbol: 'USDC',
      cryptoPriceUsd: '0.99996124',
      fiatToUsdRate: '0.907539',
      source: 'bundled',
      asOf: '2024-08-19T00:02:31.000Z',
    });
  });

  it('answers from Pyth + FX when configured', async () => {
    const response = await ask(live, '?fiatCode=JPY&cryptoSymbol=SOL');
    expect(response.json<PriceValidationResponse>()).toMatchObject({
      cryptoPriceUsd: '143.16027451',
      fiatToUsdRate: '148.042596',
      source: 'pyth+fx',
    });
  });

  it('answers 404 for an unknown pair, 400 for malformed input and 503 when the source is down', async () => {
    expect((await ask(bundled, '?fiatCode=XYZ&cryptoSymbol=SOL')).statusCode).toBe(404);
    expect((await ask(bundled, '?fiatCode=EUR&cryptoSymbol=DOGE')).statusCode).toBe(404);
    expect((await ask(bundled, '?fiatCode=EURO&cryptoSymbol=SOL')).statusCode).toBe(400);
    expect((await ask(bundled, '?fiatCode=EUR')).statusCode).toBe(400);
    // The last good price is served for 5 minutes through an outage, then refused.
    server.routes.set(HERMES, [502, 'bad gateway']);
    live.clock.set(new Date(FIXTURE_NOW + 60_000));
    expect((await ask(live, '?fiatCode=EUR&cryptoSymbol=SOL')).statusCode).toBe(200);
    live.clock.set(new Date(FIXTURE_NOW + 6 * 60_000));
    const down = await ask(live, '?fiatCode=EUR&cryptoSymbol=SOL');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Live prices are unavailable right now.' } });
  });

  it('reprices floating offers from the feed', async () => {
    const maker = await session(bundled.app, createWallet());
    const floating = await createOrder(
      bundled.app,
      maker,
      buyOfferBody({ priceType: 'floating', premiumPercent: '-2.5', price: undefined, minFiatAmount: '0', maxFiatAmount: '0' }),
    );
    const fixed = await createOrder(bundled.app, maker, buyOfferBody());
    const moved: PriceFeed = {
      source: 'test',
      cryptoUsd: async (symbol) => (symbol === 'USDC' ? { value: '1.02', asOf: new Date() } : null),
      fiatPerUsd: async (code) => (code === 'EUR' ? { value: '0.9', asOf: new Date() } : null),
    };
    expect(await refreshFloatingPrices(bundled.app.db, moved)).toEqual({ updated: 1, unpriced: [] });
    const price = async (id: number) =>
      (await bundled.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: maker.headers })).json<{ price: string }>().price;
    expect(await price(floating)).toBe('0.89505'); // 1.02 × 0.9 = 0.918, −2.5 % = 0.89505
    expect(await price(fixed)).toBe('0.92');
    expect(await refreshFloatingPrices(bundled.app.db, moved)).toEqual({ updated: 0, unpriced: [] });
    const empty: PriceFeed = { source: 'test', cryptoUsd: async () => null, fiatPerUsd: async () => null };
    expect(await refreshFloatingPrices(bundled.app.db, empty)).toEqual({ updated: 0, unpriced: ['USDC/EUR'] });
  });
});
