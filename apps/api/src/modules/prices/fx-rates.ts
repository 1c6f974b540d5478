import { decimalToString, numberToDecimal } from '@jelly/domain';
import { z } from 'zod';
import type { OutboundFetch } from '../../lib/outbound-http.ts';
import { PriceFeedUnavailableError, type PriceQuote } from './price-feed.ts';
import { createTtlCache } from './ttl-cache.ts';

const rates = z.record(z.string(), z.number().positive());
/** open.er-api.com /v6/latest/USD (ExchangeRate-API open access). */
const erApiResponse = z.object({
  result: z.literal('success'),
  base_code: z.literal('USD'),
  time_last_update_unix: z.number().int(),
  rates,
});
/** api.frankfurter.app /latest?base=USD (ECB reference rates). */
const frankfurterResponse = z.object({ base: z.literal('USD'), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), rates });

export interface FxRates {
  asOf: Date;
  /** Units per 1 USD, exact decimal strings; USD itself is always 1. */
  perUsd: Map<string, string>;
}

/** Reads either supported USD-based format; null when the body is neither. */
export function parseFxRates(body: unknown): FxRates | null {
  const toMap = (r: Record<string, number>) => {
    const map = new Map(Object.entries(r).map(([code, v]) => [code.toUpperCase(), decimalToString(numberToDecimal(v))]));
    map.set('USD', '1');
    return map;
  };
  const er = erApiResponse.safeParse(body);
  if (er.success) return { asOf: new Date(er.data.time_last_update_unix * 1000), perUsd: toMap(er.data.rates) };
  const ff = frankfurterResponse.safeParse(body);
  if (ff.success) return { asOf: new Date(`${ff.data.date}T00:00:00Z`), perUsd: toMap(ff.data.rates) };
  return null;
}

export interface FxOptions {
  url: string;
  ttlMs: number;
  staleForMs: number;
  timeoutMs: number;
  now: () => number;
  /** The outbound client (lib/outbound-http.ts). */
  fetch: OutboundFetch;
}

/** USD → fiat rates from a JSON source, cached for ttlMs (these sources update daily). */
export function createFxRates(options: FxOptions): { fiatPerUsd(code: string): Promise<PriceQuote | null> } {
  const doFetch = options.fetch;
  const cache = createTtlCache(
    async () => {
      let body: unknown;
      try {
        const response = await doFetch(options.url, { signal: AbortSignal.timeout(options.timeoutMs) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        body = await response.json();
      } catch (error) {
        throw new PriceFeedUnavailableError(`The FX rate source is unavailable: ${(error as Error).message}`);
      }
      const parsed = parseFxRates(body);
      if (!parsed) throw new PriceFeedUnavailableError('The FX rate source answered in an unexpected format');
      return parsed;
    },
    { ttlMs: options.ttlMs, staleForMs: options.staleForMs, now: options.now },
  );
  return {
    async fiatPerUsd(code) {
      const fx = await cache.get();
      const value = fx.perUsd.get(code.toUpperCase());
      return value ? { value, asOf: fx.asOf } : null;
    },
  };
}
