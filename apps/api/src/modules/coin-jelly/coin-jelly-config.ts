import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { type ConfigRead, optionalText, readEnv } from '../../lib/env-fields.ts';
import type { BitcoinNetwork } from './deposit-keys.ts';

/** Coin Jelly's settings (COIN_JELLY_*). */
export interface CoinJellyConfig {
  /** The deposit-address seed: COIN_JELLY_SEED (hex), or generated into the data folder on first start. */
  seed: Uint8Array;
  bitcoinNetwork: BitcoinNetwork;
  spreadBps: number;
  /** Smallest and largest order, in USD of what the user sends. */
  minUsd: string;
  maxUsd: string;
  /** At most this share (bps) of the desk's balance goes out in one order. */
  maxInventoryShareBps: number;
  /** How often the reconciliation poller reads each open deposit address, in ms (0 = never). */
  pollMs: number;
  /** Fallback USD prices for a coin the price feed has no price for (BTC, ETH on the bundled table), e.g. COIN_JELLY_USD=BTC:60000,ETH:3000. */
  referenceUsd: Readonly<Record<string, string>>;
  /** Orders one wallet may reserve per UTC day: each one gets a deposit address the watcher reads. */
  maxOrdersPerDay: number;
  /**
   * How far (bps) the market may move against the desk between the rate's fixing and the deposit's detection before
   * the fixed rate is no longer paid and the user chooses instead (exchange at the current rate, or refund).
   */
  priceBandBps: number;
  /**
   * How long a payout or refund may wait for its recipient to open a token account before the order joins the
   * admins' Coin Jelly queue (the user can still open the account or take a refund meanwhile), in hours.
   */
  waitHours: number;
}

export const COIN_JELLY_SEED_FILE = 'coin-jelly-seed';
const DEFAULT_REFERENCE_USD = { BTC: '60000', ETH: '3000' };

const whole = (name: string, max: number) =>
  optionalText.pipe(z.string().regex(/^\d+$/, `${name} must be a whole number`).transform(Number).refine((n) => n <= max, `${name} is at most ${max}`).optional());
const usd = (name: string) => optionalText.pipe(z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, `${name} must be a USD amount`).optional());

const envSchema = z.object({
  COIN_JELLY_SEED: optionalText.pipe(z.string().regex(/^([0-9a-fA-F]{2}){32,64}$/, 'COIN_JELLY_SEED must be 32–64 bytes in hex').optional()),
  COIN_JELLY_BITCOIN_NETWORK: optionalText.pipe(z.enum(['mainnet', 'testnet']).optional()),
  COIN_JELLY_SPREAD_BPS: whole('COIN_JELLY_SPREAD_BPS', 2000),
  COIN_JELLY_MIN_USD: usd('COIN_JELLY_MIN_USD'),
  COIN_JELLY_MAX_USD: usd('COIN_JELLY_MAX_USD'),
  COIN_JELLY_MAX_INVENTORY_SHARE_BPS: whole('COIN_JELLY_MAX_INVENTORY_SHARE_BPS', 10_000),
  COIN_JELLY_POLL_SECONDS: whole('COIN_JELLY_POLL_SECONDS', 3600),
  COIN_JELLY_MAX_ORDERS_PER_DAY: optionalText.pipe(
    z.string().regex(/^[1-9]\d{0,5}$/, 'COIN_JELLY_MAX_ORDERS_PER_DAY must be a whole number from 1 to 999999').transform(Number).optional(),
  ),
  COIN_JELLY_USD: optionalText.pipe(
    z
      .string()
      .regex(/^([A-Z]{2,6}:\d{1,12}(\.\d{1,6})?)(,[A-Z]{2,6}:\d{1,12}(\.\d{1,6})?)*$/, 'COIN_JELLY_USD must read like BTC:60000,ETH:3000')
      .transform((s) => Object.fromEntries(s.split(',').map((pair) => pair.split(':') as [string, string])))
      .optional(),
  ),
  COIN_JELLY_PRICE_BAND_BPS: whole('COIN_JELLY_PRICE_BAND_BPS', 5_000),
  COIN_JELLY_WAIT_HOURS: optionalText.pipe(
    z.string().regex(/^[1-9]\d{0,3}$/, 'COIN_JELLY_WAIT_HOURS must be a whole number from 1 to 9999').transform(Number).optional(),
  ),
});

export type CoinJellySettings = Omit<CoinJellyConfig, 'seed'> & { seedHex: string | null };

/** Reads COIN_JELLY_* (all optional; see CONFIG.md); returns the problems instead of throwing. */
export function readCoinJellyConfig(env: NodeJS.ProcessEnv): ConfigRead<CoinJellySettings> {
  return readEnv(envSchema, env, (e) => {
    return {
      ok: true,
      config: {
        seedHex: e.COIN_JELLY_SEED ?? null,
        bitcoinNetwork: e.COIN_JELLY_BITCOIN_NETWORK ?? 'testnet',
        spreadBps: e.COIN_JELLY_SPREAD_BPS ?? 50,
        minUsd: e.COIN_JELLY_MIN_USD ?? '1',
        maxUsd: e.COIN_JELLY_MAX_USD ?? '10000',
        maxInventoryShareBps: e.COIN_JELLY_MAX_INVENTORY_SHARE_BPS ?? 5000,
        pollMs: (e.COIN_JELLY_POLL_SECONDS ?? 5) * 1000,
        referenceUsd: { ...DEFAULT_REFERENCE_USD, ...e.COIN_JELLY_USD },
        maxOrdersPerDay: e.COIN_JELLY_MAX_ORDERS_PER_DAY ?? 20,
        priceBandBps: e.COIN_JELLY_PRICE_BAND_BPS ?? 100,
        waitHours: e.COIN_JELLY_WAIT_HOURS ?? 24,
      },
    };
  });
}

/**
 * The seed kept in the data folder: 64 random bytes written on first start (mode 0600, `wx` so two racing starts
 * agree), read back afterwards so every deposit address can be re-derived after a restart.
 */
export async function loadOrCreateJellySeed(dataDir: string): Promise<Uint8Array> {
  const file = join(dataDir, COIN_JELLY_SEED_FILE);
  try {
    await writeFile(file, randomBytes(64).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const hex = (await readFile(file, 'utf8')).trim();
  if (!/^([0-9a-f]{2}){32,64}$/i.test(hex)) throw new Error(`${file} is corrupt: expected 32–64 hex-encoded bytes`);
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

/** The settings with the seed resolved (from the environment or the data folder). */
export async function resolveCoinJellyConfig(settings: CoinJellySettings, dataDir: string): Promise<CoinJellyConfig> {
  const { seedHex, ...rest } = settings;
  const seed = seedHex ? new Uint8Array(Buffer.from(seedHex, 'hex')) : await loadOrCreateJellySeed(dataDir);
  return { ...rest, seed };
}
