import type { Coin } from '@jelly/contracts';
import { describe, expect, it } from 'vitest';
import { offeredPair } from './offeredPair.ts';

const coin = (symbol: string): Coin => ({ symbol, name: symbol, mint: `${symbol}-mint`, decimals: 6, isVerified: true, mintDevnet: null, icon: '/c.svg' });
const pair = (coins: Coin[], first: string, second: string) => {
  const { input, output } = offeredPair(coins, first, second);
  return [input?.symbol, output?.symbol];
};

describe('offeredPair', () => {
  it('keeps the chosen pair where both are offered', () => {
    expect(pair([coin('SOL'), coin('USDC'), coin('USDT')], 'USDT', 'SOL')).toEqual(['USDT', 'SOL']);
  });

  it('replaces a token the cluster does not offer by another one (devnet: no USDT)', () => {
    expect(pair([coin('SOL'), coin('USDC')], 'USDT', 'SOL')).toEqual(['USDC', 'SOL']);
    expect(pair([coin('SOL'), coin('USDC')], 'SOL', 'USDT')).toEqual(['SOL', 'USDC']);
  });

  it('has no pair with fewer than two coins', () => {
    expect(pair([coin('SOL')], 'USDT', 'SOL')).toEqual([undefined, 'SOL']);
    expect(pair([], 'USDT', 'SOL')).toEqual([undefined, undefined]);
  });
});
