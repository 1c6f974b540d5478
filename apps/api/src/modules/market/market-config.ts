import { z } from 'zod';
import { readEnv, type ConfigRead } from '../../lib/env-fields.ts';

export interface MarketConfig {
  /**
   * How long a market page (the same filters, sort and page, for everyone who sees the same offers) is served from
   * memory: 0 = never. Claims are checked against the database, so a page a second old cannot over-claim.
   */
  pageCacheMs: number;
}

export const DEFAULT_MARKET_PAGE_CACHE_MS = 1000;

const schema = z.object({
  MARKET_PAGE_CACHE_MS: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'MARKET_PAGE_CACHE_MS must be a whole number of milliseconds (0 = no page cache)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/** MARKET_PAGE_CACHE_MS. Returns the problems instead of throwing (config.ts reports them with the rest). */
export function readMarketConfig(env: NodeJS.ProcessEnv): ConfigRead<MarketConfig> {
  return readEnv(schema, env, (e) => {
    const value = e.MARKET_PAGE_CACHE_MS;
    return { ok: true, config: { pageCacheMs: value === undefined ? DEFAULT_MARKET_PAGE_CACHE_MS : Number(value) } };
  });
}
