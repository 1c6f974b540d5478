import type { OutboundFetch } from '../../lib/outbound-http.ts';
import { createBundledPriceFeed } from './bundled-price-feed.ts';
import { createFxRates } from './fx-rates.ts';
import type { PriceFeed } from './price-feed.ts';
import type { PriceFeedConfig } from './price-feed-config.ts';
import { createHermesPrices } from './pyth-hermes.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface PriceFeedTimings {
  /** Crypto prices are refetched after this long (one request for all tokens). */
  cryptoTtlMs: number;
  /** A crypto price older than this (by Pyth publish time) is refused. */
  cryptoMaxAgeMs: number;
  fxTtlMs: number;
  /** How long the last FX table is still served while the source fails (FX sources publish daily). */
  fxStaleForMs: number;
  timeoutMs: number;
}

export const DEFAULT_PRICE_FEED_TIMINGS: PriceFeedTimings = {
  cryptoTtlMs: 15 * SECOND,
  cryptoMaxAgeMs: 5 * MINUTE,
  fxTtlMs: HOUR,
  fxStaleForMs: 48 * HOUR,
  timeoutMs: 5 * SECOND,
};

/**
 * The configured price feed: the bundled table, or Pyth Hermes for tokens plus an FX source for fiat, both called
 * through `fetch`, the outbound client (lib/outbound-http.ts).
 */
export function createPriceFeed(
  config: PriceFeedConfig,
  options: { fetch: OutboundFetch; now?: () => number; timings?: Partial<PriceFeedTimings> },
): PriceFeed {
  if (config.kind === 'bundled') return createBundledPriceFeed();
  const now = options.now ?? Date.now;
  const t = { ...DEFAULT_PRICE_FEED_TIMINGS, ...options.timings };
  const crypto = createHermesPrices({
    baseUrl: config.hermesUrl,
    ttlMs: t.cryptoTtlMs,
    maxAgeMs: t.cryptoMaxAgeMs,
    timeoutMs: t.timeoutMs,
    now,
    fetch: options.fetch,
  });
  const fx = createFxRates({
    url: config.fxRatesUrl,
    ttlMs: t.fxTtlMs,
    staleForMs: t.fxStaleForMs,
    timeoutMs: t.timeoutMs,
    now,
    fetch: options.fetch,
  });
  return { source: 'pyth+fx', cryptoUsd: (s) => crypto.cryptoUsd(s), fiatPerUsd: (c) => fx.fiatPerUsd(c) };
}
