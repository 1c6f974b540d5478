import { KNOWN_MINTS, type Coin } from '@jelly/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { tokens } from '../../db/schema/index.ts';

const DEVNET_USDC = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';

describe('GET /api/platform/coins on devnet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { solanaCluster: 'devnet', stablecoinMints: { USDC: DEVNET_USDC } } });
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
