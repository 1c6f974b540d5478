import type { MarketOffer, MarketResponse } from '@jelly/contracts';
import { OFFER_NOT_ON_MARKET, OrderStatus } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { buyOfferBody, createOrder, errorOf, session, type Session } from '../orders/testing.ts';

// An address the bundled GeoIP country database places in Germany.
const GERMAN_IP = '85.214.0.1';

/** A shared offer link opened signed out: the offer exactly as the signed-out market lists it, and nothing more. */
describe('GET /platform/offer-unath/{orderId}', () => {
  let t: TestApp;
  let maker: Session;

  beforeAll(async () => {
    t = await createTestApp({ config: { trustedProxies: ['127.0.0.1'] } });
    maker = await session(t.app, createWallet());
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (orderId: number | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/platform/offer-unath/${orderId}`, headers });
  const publicMarket = async (headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url: '/api/platform/all-new-offers-unath?Side=1&Size=100', headers })).json<MarketResponse>().data;

  it('answers an open offer without a session, the same record the public market lists', async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody({ orderDescription: 'Paying by SEPA within minutes.' }));
    const response = await read(offerId);
    expect(response.statusCode).toBe(200);
    const offer = response.json<MarketOffer>();
    expect(offer).toMatchObject({ orderId: offerId, parentOrderId: null, status: OrderStatus.Active, creatorWallet: maker.wallet.address });
    expect(offer).toEqual((await publicMarket()).find((o) => o.orderId === offerId));
  });

  it('refuses with 404 what the market does not list: an unknown id, a cancelled offer', async () => {
    expect(errorOf(await read(999_999))).toMatchObject({ status: 404, message: OFFER_NOT_ON_MARKET });

    const cancelled = await createOrder(t.app, maker, buyOfferBody());
    const cancel = await t.app.inject({ method: 'PUT', url: `/api/orders/update-offers?orderId=${cancelled}&orderStatus=4`, headers: maker.headers });
    expect(cancel.statusCode).toBe(200);
    expect(errorOf(await read(cancelled))).toMatchObject({ status: 404, message: OFFER_NOT_ON_MARKET });
  });

  it('applies the region rule: a region-limited offer is read only from that region (unknown country: never)', async () => {
    const limited = await createOrder(t.app, maker, buyOfferBody({ visibleInCountries: ['DE'] }));
    expect(errorOf(await read(limited))).toMatchObject({ status: 404, message: OFFER_NOT_ON_MARKET });
    const fromGermany = await read(limited, { 'x-forwarded-for': GERMAN_IP });
    expect(fromGermany.statusCode).toBe(200);
    expect(fromGermany.json<MarketOffer>().visibleInCountries).toEqual(['DE']);
  });

  it('answers 400 for an id that is no order number', async () => {
    expect((await read('abc')).statusCode).toBe(400);
    expect((await read(-3)).statusCode).toBe(400);
  });
});
