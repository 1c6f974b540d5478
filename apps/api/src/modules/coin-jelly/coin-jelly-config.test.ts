import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COIN_JELLY_SEED_FILE, readCoinJellyConfig, resolveCoinJellyConfig } from './coin-jelly-config.ts';

describe('Coin Jelly settings', () => {
  it('has defaults for everything', () => {
    expect(readCoinJellyConfig({})).toEqual({
      ok: true,
      config: { seedHex: null, bitcoinNetwork: 'testnet', spreadBps: 50, minUsd: '1', maxUsd: '10000', maxInventoryShareBps: 5000, pollMs: 5000, referenceUsd: { BTC: '60000', ETH: '3000' }, maxOrdersPerDay: 20, priceBandBps: 100, waitHours: 24 },
    });
  });

  it('reads each variable and names the wrong ones', () => {
    const read = readCoinJellyConfig({
      COIN_JELLY_BITCOIN_NETWORK: 'mainnet',
      COIN_JELLY_POLL_SECONDS: '2',
      COIN_JELLY_USD: 'BTC:70000',
      COIN_JELLY_MAX_ORDERS_PER_DAY: '5',
      COIN_JELLY_PRICE_BAND_BPS: '250',
      COIN_JELLY_WAIT_HOURS: '6',
    });
    expect(read.ok && read.config).toMatchObject({ bitcoinNetwork: 'mainnet', pollMs: 2000, referenceUsd: { BTC: '70000', ETH: '3000' }, maxOrdersPerDay: 5, priceBandBps: 250, waitHours: 6 });
    const bad = readCoinJellyConfig({
      COIN_JELLY_SEED: 'abc',
      COIN_JELLY_SPREAD_BPS: '-1',
      COIN_JELLY_MAX_ORDERS_PER_DAY: '0',
      COIN_JELLY_USD: 'BTC=1',
      COIN_JELLY_PRICE_BAND_BPS: '5001',
      COIN_JELLY_WAIT_HOURS: '0',
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems.map((p) => p.split(':')[0])).toEqual([
        'COIN_JELLY_SEED',
        'COIN_JELLY_SPREAD_BPS',
        'COIN_JELLY_MAX_ORDERS_PER_DAY',
        'COIN_JELLY_USD',
        'COIN_JELLY_PRICE_BAND_BPS',
        'COIN_JELLY_WAIT_HOURS',
      ]);
    }
  });

  it('generates the seed into the data folder once (mode 0600) and reuses it; an explicit seed wins', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jelly-seed-'));
    try {
      const settings = readCoinJellyConfig({});
      if (!settings.ok) throw new Error('defaults refused');
      const first = await resolveCoinJellyConfig(settings.config, dir);
      const second = await resolveCoinJellyConfig(settings.config, dir);
      expect(first.seed).toHaveLength(64);
      expect(second.seed).toEqual(first.seed);
      expect((await stat(join(dir, COIN_JELLY_SEED_FILE))).mode & 0o777).toBe(0o600);
      expect(await readFile(join(dir, COIN_JELLY_SEED_FILE), 'utf8')).toBe(Buffer.from(first.seed).toString('hex'));
      const explicit = await resolveCoinJellyConfig({ ...settings.config, seedHex: '11'.repeat(32) }, dir);
      expect(Buffer.from(explicit.seed).toString('hex')).toBe('11'.repeat(32));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
