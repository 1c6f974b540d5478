import { describe, expect, it } from 'vitest';
import { DEFAULT_DESK_CONFIG, readDeskConfig } from './desk-config.ts';

describe('readDeskConfig', () => {
  it('defaults: a generated desk on the embedded localnet, 30 bps, 30 s quotes, no Jupiter', () => {
    expect(readDeskConfig({}, '/srv')).toEqual({ ok: true, config: DEFAULT_DESK_CONFIG });
  });

  it('reads every setting', () => {
    const read = readDeskConfig(
      {
        DESK_KEYPAIR: 'keys/desk.json',
        SWAP_SPREAD_BPS: '25',
        SWAP_MAX_FEE_BPS: '200',
        SWAP_QUOTE_TTL_SECONDS: '20',
        SWAP_MIN_USD: '5',
        SWAP_MAX_USD: '2500.5',
        SWAP_MAX_INVENTORY_SHARE_BPS: '500',
        SWAP_MAX_PRICE_AGE_SECONDS: '30',
        SWAP_PRICE_BAND_BPS: '50',
        JUPITER_SWAP_URL: 'https://api.jup.ag/swap/v2',
        JUPITER_API_KEY: 'k',
        SWAP_PROCESSING_SWEEP_SECONDS: '2',
      },
      '/srv',
    );
    expect(read).toEqual({
      ok: true,
      config: {
        ...DEFAULT_DESK_CONFIG,
        keypairFile: '/srv/keys/desk.json',
        spreadBps: 25,
        maxFeeBps: 200,
        quoteTtlMs: 20_000,
        minUsd: '5',
        maxUsd: '2500.5',
        maxInventoryShareBps: 500,
        maxPriceAgeMs: 30_000,
        priceBandBps: 50,
        jupiter: { url: 'https://api.jup.ag/swap/v2', apiKey: 'k' },
        processingSweepMs: 2_000,
      },
    });
  });

  it.each([
    { env: { JUPITER_SWAP_URL: 'https://api.jup.ag/swap/v2' }, problem: 'JUPITER_SWAP_URL and JUPITER_API_KEY go together' },
    { env: { SWAP_MIN_USD: '100', SWAP_MAX_USD: '10' }, problem: 'SWAP_MIN_USD must not be above SWAP_MAX_USD' },
    { env: { SWAP_QUOTE_TTL_SECONDS: '90' }, problem: 'SWAP_QUOTE_TTL_SECONDS: SWAP_QUOTE_TTL_SECONDS must be at most 50' },
    { env: { SWAP_SPREAD_BPS: '-1' }, problem: 'SWAP_SPREAD_BPS: SWAP_SPREAD_BPS must be a whole number' },
    { env: { SWAP_MIN_USD: 'ten' }, problem: 'SWAP_MIN_USD: SWAP_MIN_USD must be a USD amount' },
    { env: { SWAP_PROCESSING_SWEEP_SECONDS: '3601' }, problem: 'SWAP_PROCESSING_SWEEP_SECONDS: SWAP_PROCESSING_SWEEP_SECONDS must be at most 3600' },
  ])('refuses $env', ({ env, problem }) => {
    const read = readDeskConfig(env, '/srv');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problems).toContain(problem);
  });

  it('SWAP_PROCESSING_SWEEP_SECONDS=0 turns the processing-swap sweep off', () => {
    expect(readDeskConfig({ SWAP_PROCESSING_SWEEP_SECONDS: '0' }, '/srv')).toMatchObject({ ok: true, config: { processingSweepMs: 0 } });
  });
});
