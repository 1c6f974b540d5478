import { z } from 'zod';
import { readEnv, type ConfigRead } from '../../lib/env-fields.ts';

export type PriceFeedConfig =
  | { kind: 'bundled' }
  | {
      kind: 'pyth+fx';
      /** Pyth Hermes base URL. */
      hermesUrl: string;
      /** USD-based FX JSON (open.er-api.com /v6/latest/USD or frankfurter /latest?base=USD). */
      fxRatesUrl: string;
    };

export const DEFAULT_HERMES_URL = 'https://hermes.pyth.network';
export const DEFAULT_FX_RATES_URL = 'https://open.er-api.com/v6/latest/USD';

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const httpUrl = optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional());

const envSchema = z.object({
  PRICE_FEED: optional.pipe(z.enum(['bundled', 'pyth+fx'], { error: "PRICE_FEED must be 'bundled' or 'pyth+fx'" }).optional()),
  PYTH_HERMES_URL: httpUrl,
  FX_RATES_URL: httpUrl,
  FLOATING_PRICE_REFRESH_SECONDS: optional.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'FLOATING_PRICE_REFRESH_SECONDS must be a whole number of seconds (0 = never)')
      .transform(Number)
      .optional(),
  ),
});

/** The price feed plus how often floating offers are repriced (0 = never). */
export interface PricesConfig {
  feed: PriceFeedConfig;
  floatingRefreshMs: number;
}

export const DEFAULT_FLOATING_REFRESH_SECONDS = 60;

/**
 * PRICE_FEED (bundled | pyth+fx), PYTH_HERMES_URL, FX_RATES_URL, FLOATING_PRICE_REFRESH_SECONDS.
 * Returns the problems instead of throwing (config.ts reports them with the rest).
 */
export function readPricesConfig(env: NodeJS.ProcessEnv): ConfigRead<PricesConfig> {
  return readEnv(envSchema, env, (e) => {
    const feed: PriceFeedConfig =
      (e.PRICE_FEED ?? 'bundled') === 'bundled'
        ? { kind: 'bundled' }
        : { kind: 'pyth+fx', hermesUrl: e.PYTH_HERMES_URL ?? DEFAULT_HERMES_URL, fxRatesUrl: e.FX_RATES_URL ?? DEFAULT_FX_RATES_URL };
    return { ok: true, config: { feed, floatingRefreshMs: (e.FLOATING_PRICE_REFRESH_SECONDS ?? DEFAULT_FLOATING_REFRESH_SECONDS) * 1000 } };
  });
}
