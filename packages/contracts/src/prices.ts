import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * GET /platform/price-validation?fiatCode=EUR&cryptoSymbol=USDC (public).
 * Market price of the token in fiat = cryptoPriceUsd × fiatToUsdRate, where fiatToUsdRate is fiat units per 1 USD
 * (EUR: ~0.92). Numbers are decimal strings. 404 when the feed has no price for the pair, 503 when the configured
 * source cannot be reached and nothing is cached (the web then uses the listed price).
 */
export const priceValidationQuery = lazySchema(() => z.object({
  fiatCode: z.string().regex(/^[A-Za-z]{3}$/, 'fiatCode must be a 3-letter currency code').transform((s) => s.toUpperCase()),
  cryptoSymbol: z.string().regex(/^[A-Za-z0-9]{1,12}$/, 'cryptoSymbol must be a token symbol').transform((s) => s.toUpperCase()),
}));
export type PriceValidationQuery = z.input<typeof priceValidationQuery>;

const decimal = lazySchema(() => z.string().regex(/^\d+(\.\d+)?$/));
export const priceValidationResponse = lazySchema(() => z.object({
  fiatCode: z.string(),
  cryptoSymbol: z.string(),
  cryptoPriceUsd: decimal,
  fiatToUsdRate: decimal,
  /** Which source answered ('bundled' or 'pyth+fx') and when its prices were published (ISO). */
  source: z.string(),
  asOf: z.string(),
}));
export type PriceValidationResponse = z.infer<typeof priceValidationResponse>;
