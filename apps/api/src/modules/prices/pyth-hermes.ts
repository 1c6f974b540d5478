import { decimalToString } from '@jelly/domain';
import { z } from 'zod';
import type { OutboundFetch } from '../../lib/outbound-http.ts';
import { PriceFeedUnavailableError, type PriceQuote } from './price-feed.ts';
import { createTtlCache } from './ttl-cache.ts';

/** Pyth price feed ids (hex, as Hermes reports them without 0x) of the tokens the market, the swap and Coin Jelly price. */
export const PYTH_FEED_IDS: Readonly<Record<string, string>> = {
  BTC: 'e62df6c8b4a85fe1a67db44dc12de5db330f7ac66b72dc658afedf0f4a415b43',
  ETH: 'ff61491a931112ddf1bd8147cd1b641375f79f5825126d665480874634fd0ace',
  SOL: 'ef0d8b6fda2ceba41da15d4095d1da392a0d2f8ed0c6c7bc0f4cfac8c280b56d',
  USDC: 'eaa020c61cc479712813461ce153894a96a6c00b21ed0cfc2798d1f9a9e9c94a',
  USDT: '2b89b9dc8fdf9f34709a5b106b472f0f39bb6ca9ce04b0fd7f2e971688e2e53b',
};

const pythPrice = z.object({
  price: z.string().regex(/^-?\d+$/),
  conf: z.string().regex(/^\d+$/),
  expo: z.number().int().min(-30).max(30),
  publish_time: z.number().int(),
});
/** GET /v2/updates/price/latest — only the parts we read (binary VAA data is not needed off-chain). */
export const hermesLatestResponse = z.object({
  parsed: z.array(z.object({ id: z.string(), price: pythPrice })),
});

/** price × 10^expo as an exact decimal string; null for a non-positive price. */
export function pythPriceToDecimal(price: string, expo: number): string | null {
  const units = BigInt(price);
  if (units <= 0n) return null;
  return expo >= 0 ? decimalToString({ units: units * 10n ** BigInt(expo), scale: 0 }) : decimalToString({ units, scale: -expo });
}

export interface HermesOptions {
  baseUrl: string;
  ttlMs: number;
  /** Prices older than this (by publish_time) are refused as stale. */
  maxAgeMs: number;
  timeoutMs: number;
  now: () => number;
  /** The outbound client (lib/outbound-http.ts). */
  fetch: OutboundFetch;
}

/** Latest USD prices of SOL, USDC, USDT, BTC and ETH from Pyth Hermes, fetched in one request and cached for ttlMs. */
export function createHermesPrices(options: HermesOptions): { cryptoUsd(symbol: string): Promise<PriceQuote | null> } {
  const doFetch = options.fetch;
  const symbols = Object.keys(PYTH_FEED_IDS);
  const url = new URL('/v2/updates/price/latest', options.baseUrl);
  for (const symbol of symbols) url.searchParams.append('ids[]', `0x${PYTH_FEED_IDS[symbol]}`);
  url.searchParams.set('parsed', 'true');
  url.searchParams.set('encoding', 'hex');

  const cache = createTtlCache(
    async () => {
      let body: unknown;
      try {
        const response = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        body = await response.json();
      } catch (error) {
        throw new PriceFeedUnavailableError(`Pyth Hermes is unavailable: ${(error as Error).message}`);
      }
      const parsed = hermesLatestResponse.safeParse(body);
      if (!parsed.success) throw new PriceFeedUnavailableError('Pyth Hermes answered in an unexpected format');
      const bySymbol = new Map<string, PriceQuote>();
      for (const symbol of symbols) {
        const feed = parsed.data.parsed.find((p) => p.id.replace(/^0x/i, '').toLowerCase() === PYTH_FEED_IDS[symbol]);
        const value = feed ? pythPriceToDecimal(feed.price.price, feed.price.expo) : null;
        if (!feed || !value) continue;
        // The confidence shares the price's exponent; a zero one says nothing and is left out.
        const confidence = BigInt(feed.price.conf) > 0n ? pythPriceToDecimal(feed.price.conf, feed.price.expo) : null;
        bySymbol.set(symbol, { value, asOf: new Date(feed.price.publish_time * 1000), ...(confidence ? { confidence } : {}) });
      }
      return bySymbol;
    },
    { ttlMs: options.ttlMs, staleForMs: options.maxAgeMs, now: options.now },
  );

  return {
    async cryptoUsd(symbol) {
      if (!PYTH_FEED_IDS[symbol.toUpperCase()]) return null;
      const quote = (await cache.get()).get(symbol.toUpperCase());
      if (!quote) return null;
      if (options.now() - quote.asOf.getTime() > options.maxAgeMs) {
        throw new PriceFeedUnavailableError(`The Pyth ${symbol.toUpperCase()}/USD price is stale`);
      }
      return quote;
    },
  };
}
