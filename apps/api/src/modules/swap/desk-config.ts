import { resolve } from 'node:path';
import { z } from 'zod';
import { readEnv, type ConfigRead } from '../../lib/env-fields.ts';

/** Name of the generated desk key inside the data folder (embedded localnet only, like the admin key). */
export const GENERATED_DESK_KEYPAIR_FILE = 'localnet-desk-keypair.json';

/** The swap desk's settings. */
export interface DeskConfig {
  /** The desk's keypair file (DESK_KEYPAIR); null = generated in the data folder on the embedded localnet, no desk (and no swaps) elsewhere. */
  keypairFile: string | null;
  /** The desk's spread over the feed's mid price, in bps. */
  spreadBps: number;
  /** Refuse to quote when the spread widened by the feed's confidence exceeds this. */
  maxFeeBps: number;
  /** How long a quote is firm. */
  quoteTtlMs: number;
  /** Smallest and largest swap in USD of what the user sends (decimal strings). */
  minUsd: string;
  maxUsd: string;
  /** At most this share (bps) of the desk's balance of the output token goes out in one swap. */
  maxInventoryShareBps: number;
  /** A live price older than this is stale: no quote. (The bundled table is a fixed reference and has no age.) */
  maxPriceAgeMs: number;
  /** At submit, refuse when the mid price moved more than this (bps) since the quote. */
  priceBandBps: number;
  /** Jupiter's swap API as a price reference: never called unless both are set. */
  jupiter: { url: string; apiKey: string } | null;
  /** Per-IP limits of the quote and submit routes, per minute (a user's page re-quotes every few seconds). */
  quotesPerMinute: number;
  submitsPerMinute: number;
  /** How often Processing swaps whose request is gone are settled from the chain; 0 = never. */
  processingSweepMs: number;
  /** How often expired quotes no swap refers to are deleted (quote-sweep.ts); 0 = never. */
  quoteSweepMs: number;
}

export const DEFAULT_DESK_CONFIG: DeskConfig = {
  keypairFile: null,
  spreadBps: 30,
  maxFeeBps: 300,
  quoteTtlMs: 30_000,
  minUsd: '1',
  maxUsd: '10000',
  maxInventoryShareBps: 2_000,
  maxPriceAgeMs: 60_000,
  priceBandBps: 100,
  jupiter: null,
  quotesPerMinute: 120,
  submitsPerMinute: 30,
  processingSweepMs: 15_000,
  quoteSweepMs: 60_000,
};

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const whole = (name: string, max: number) =>
  optional.pipe(
    z
      .string()
      .regex(/^\d{1,7}$/, `${name} must be a whole number`)
      .transform(Number)
      .refine((n) => n <= max, `${name} must be at most ${max}`)
      .optional(),
  );
const usd = (name: string) => optional.pipe(z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, `${name} must be a USD amount`).optional());

const envSchema = z.object({
  DESK_KEYPAIR: optional,
  SWAP_SPREAD_BPS: whole('SWAP_SPREAD_BPS', 5_000),
  SWAP_MAX_FEE_BPS: whole('SWAP_MAX_FEE_BPS', 5_000),
  SWAP_QUOTE_TTL_SECONDS: whole('SWAP_QUOTE_TTL_SECONDS', 50),
  SWAP_MIN_USD: usd('SWAP_MIN_USD'),
  SWAP_MAX_USD: usd('SWAP_MAX_USD'),
  SWAP_MAX_INVENTORY_SHARE_BPS: whole('SWAP_MAX_INVENTORY_SHARE_BPS', 10_000),
  SWAP_MAX_PRICE_AGE_SECONDS: whole('SWAP_MAX_PRICE_AGE_SECONDS', 3_600),
  SWAP_PRICE_BAND_BPS: whole('SWAP_PRICE_BAND_BPS', 5_000),
  JUPITER_SWAP_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'JUPITER_SWAP_URL must be an http(s) URL' }).optional()),
  JUPITER_API_KEY: optional,
  SWAP_PROCESSING_SWEEP_SECONDS: whole('SWAP_PROCESSING_SWEEP_SECONDS', 3_600),
});

/**
 * DESK_KEYPAIR (on a real cluster swaps are offered only with it: no desk is generated there), SWAP_SPREAD_BPS (30),
 * SWAP_MAX_FEE_BPS (300), SWAP_QUOTE_TTL_SECONDS (30, at most 50 so a quote expires before its blockhash can die on a
 * real cluster's ~60 s), SWAP_MIN_USD (1), SWAP_MAX_USD (10000), SWAP_MAX_INVENTORY_SHARE_BPS (2000),
 * SWAP_MAX_PRICE_AGE_SECONDS (60), SWAP_PRICE_BAND_BPS (100), JUPITER_SWAP_URL + JUPITER_API_KEY (both or neither),
 * SWAP_PROCESSING_SWEEP_SECONDS (15; 0 = never).
 * Returns the problems instead of throwing.
 */
export function readDeskConfig(env: NodeJS.ProcessEnv, cwd: string): ConfigRead<DeskConfig> {
  return readEnv(envSchema, env, (e) => {
    const problems: string[] = [];
    if (Boolean(e.JUPITER_SWAP_URL) !== Boolean(e.JUPITER_API_KEY)) problems.push('JUPITER_SWAP_URL and JUPITER_API_KEY go together');
    const d = DEFAULT_DESK_CONFIG;
    const minUsd = e.SWAP_MIN_USD ?? d.minUsd;
    const maxUsd = e.SWAP_MAX_USD ?? d.maxUsd;
    if (Number(minUsd) > Number(maxUsd)) problems.push('SWAP_MIN_USD must not be above SWAP_MAX_USD');
    if (problems.length > 0) return { ok: false, problems };
    return {
      ok: true,
      config: {
        keypairFile: e.DESK_KEYPAIR ? resolve(cwd, e.DESK_KEYPAIR) : null,
        spreadBps: e.SWAP_SPREAD_BPS ?? d.spreadBps,
        maxFeeBps: e.SWAP_MAX_FEE_BPS ?? d.maxFeeBps,
        quoteTtlMs: (e.SWAP_QUOTE_TTL_SECONDS ?? d.quoteTtlMs / 1000) * 1000,
        minUsd,
        maxUsd,
        maxInventoryShareBps: e.SWAP_MAX_INVENTORY_SHARE_BPS ?? d.maxInventoryShareBps,
        maxPriceAgeMs: (e.SWAP_MAX_PRICE_AGE_SECONDS ?? d.maxPriceAgeMs / 1000) * 1000,
        priceBandBps: e.SWAP_PRICE_BAND_BPS ?? d.priceBandBps,
        jupiter: e.JUPITER_SWAP_URL && e.JUPITER_API_KEY ? { url: e.JUPITER_SWAP_URL, apiKey: e.JUPITER_API_KEY } : null,
        quotesPerMinute: d.quotesPerMinute,
        submitsPerMinute: d.submitsPerMinute,
        processingSweepMs: e.SWAP_PROCESSING_SWEEP_SECONDS === undefined ? d.processingSweepMs : e.SWAP_PROCESSING_SWEEP_SECONDS * 1000,
        quoteSweepMs: d.quoteSweepMs,
      },
    };
  });
}
