import type { MarketResponse } from '@jelly/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { ORDER_MESSAGES } from '../orders/index.ts';
import { buyOfferBody, createOrder, errorOf, postOrder, sellerDetails, session, type Session } from '../orders/testing.ts';

// Addresses the bundled GeoIP country database places in Germany and France.
const GERMAN_IP = '85.214.0.1';
const FRENCH_IP = '90.0.0.1';

/**
 * Region-limited offers are enforced from the caller's IP address (GeoIP, bundled), X-Forwarded-For believed only
 * from TRUSTED_PROXIES, and fail closed: a caller whose country is unknown neither sees nor claims them.
 */
describe.each([
  ['behind a trusted proxy', ['127.0.0.1']],
  ['with no trusted proxy', []],
] as const)('region rules %s', (_name, trustedProxies) => {
  let t: TestApp;
  let maker: Session;
  let taker: Session;
  let limited: number;
  let open: number;
  const viaProxy = (ip: string) => ({ 'x-forwarded-for': ip });

  beforeAll(async () => {
    t = await createTestApp({ config: { trustedProxies: [...trustedProxies] } });
    maker = await session(t.app, createWallet());
    taker = await session(t.app, createWallet());
    limited = await createOrder(t.app, maker, buyOfferBody({ visibleInCountries: ['DE'] }));
    open = await createOrder(t.app, maker, buyOfferBody());
  });
  afterAll(async () => {
    await t.close();
  });

  const listed = async (headers: Record<string, string>, s?: Session) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/platform/${s ? 'all-new-offers' : 'all-new-offers-unath'}?Side=1`,
      headers: { ...(s?.headers ?? {}), ...headers },
    });
    expect(response.statusCode).toBe(200);
    return response.json<MarketResponse>().data.map((o) => o.orderId);
  };
  const claim = (offerId: number, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/create-order',
      headers: { ...taker.headers, ...headers },
      payload: { parentOrderId: offerId, amount: '20000000', ...sellerDetails() },
    });

  if (trustedProxies.length > 0) {
    it('a caller located by GeoIP sees and claims offers open to their country only', async () => {
      expect(await listed(viaProxy(GERMAN_IP), taker)).toContain(limited);
      expect(await listed(viaProxy(GERMAN_IP))).toContain(limited);
      expect(await listed(viaProxy(FRENCH_IP), taker)).not.toContain(limited);
      expect(await listed(viaProxy(FRENCH_IP))).not.toContain(limited);
      expect(errorOf(await claim(limited, viaProxy(FRENCH_IP)))).toMatchObject({ status: 403, message: ORDER_MESSAGES.regionNotAllowed });
      expect((await claim(limited, viaProxy(GERMAN_IP))).statusCode).toBe(200);
    });
  }

  it('an unknown country (loopback, private address, or a header nobody vouches for) sees only region-less offers', async () => {
    const unknown = [{}, viaProxy('10.1.2.3'), ...(trustedProxies.length === 0 ? [viaProxy(GERMAN_IP)] : [])];
    for (const headers of unknown) {
      for (const s of [undefined, taker]) {
        const ids = await listed(headers, s);
        expect(ids).toContain(open);
        expect(ids).not.toContain(limited);
      }
    }
  });

  it('an unknown country cannot claim a region-limited offer, with a clear message; region-less offers stay claimable', async () => {
    expect(errorOf(await claim(limited, {}))).toMatchObject({ status: 403, message: ORDER_MESSAGES.regionUnknown });
    if (trustedProxies.length === 0) {
      expect(errorOf(await claim(limited, viaProxy(GERMAN_IP)))).toMatchObject({ status: 403, message: ORDER_MESSAGES.regionUnknown });
    }
    expect((await postOrder(t.app, taker, { parentOrderId: open, amount: '20000000', ...sellerDetails() })).statusCode).toBe(200);
  });
});
