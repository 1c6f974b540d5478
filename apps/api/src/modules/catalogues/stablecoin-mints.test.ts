import { KNOWN_MINTS, type Coin } from '@jelly/contracts';
import { Keypair } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { tokens } from '../../db/schema/index.ts';
import { readCatalogueConfig } from './catalogue-config.ts';

const DEVNET_USDC = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';

describe('the stablecoin mints of the configured cluster', () => {
  it('follow SOLANA_CLUSTER, and STABLECOIN_MINTS overrides them', () => {
    expect(readCatalogueConfig({})).toEqual({ ok: true, config: { stablecoinMints: { USDC: KNOWN_MINTS.USDC, USDT: KNOWN_MINTS.USDT } } });
    expect(readCatalogueConfig({ SOLANA_CLUSTER: 'mainnet-beta' })).toEqual({ ok: true, config: { stablecoinMints: { USDC: KNOWN_MINTS.USDC, USDT: KNOWN_MINTS.USDT } } });
    expect(readCatalogueConfig({ SOLANA_CLUSTER: 'devnet' })).toEqual({ ok: true, config: { stablecoinMints: { USDC: DEVNET_USDC } } });
    const usdt = Keypair.generate().publicKey.toBase58();
    expect(readCatalogueConfig({ SOLANA_CLUSTER: 'devnet', STABLECOIN_MINTS: ` USDT=${usdt} ` })).toEqual({
      ok: true,
      config: { stablecoinMints: { USDC: DEVNET_USDC, USDT: usdt } },
    });
  });

  it('refuses a malformed STABLECOIN_MINTS with the reason', () => {
    expect(readCatalogueConfig({ STABLECOIN_MINTS: 'USDC' })).toEqual({ ok: false, problems: ["STABLECOIN_MINTS: 'USDC' is not SYMBOL=mint"] });
    expect(readCatalogueConfig({ STABLECOIN_MINTS: `DAI=${DEVNET_USDC}` })).toEqual({ ok: false, problems: ['STABLECOIN_MINTS: DAI is not one of USDC, USDT'] });
    expect(readCatalogueConfig({ STABLECOIN_MINTS: 'USDC=not-a-mint' })).toEqual({ ok: false, problems: ['STABLECOIN_MINTS: not-a-mint is not a Solana address'] });
  });
});

describe('GET /api/platform/coins on devnet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { solanaCluster: 'devnet', catalogue: { stablecoinMints: { USDC: DEVNET_USDC } } } });
  }, 180_000);
  afterAll(() => t?.close());

  it('lists the devnet USDC (a catalogue row copied from the bundled one) and no mainnet stablecoin', async () => {
    const coins = (await t.app.inject({ method: 'GET', url: '/api/platform/coins' })).json<Coin[]>();
    expect(coins.map((coin) => [coin.symbol, coin.mint])).toEqual([
      ['SOL', KNOWN_MINTS.SOL],
      ['USDC', DEVNET_USDC],
    ]);
    expect(coins[1]).toMatchObject({ name: 'USD Coin', decimals: 6, icon: '/api/assets/coins/usdc.svg' });
    // The bundled rows stay (deals made in them keep their token); they are only left out of the list.
    expect(await t.app.db.select({ mint: tokens.mint }).from(tokens).where(eq(tokens.symbol, 'USDC'))).toHaveLength(2);
  });
});
