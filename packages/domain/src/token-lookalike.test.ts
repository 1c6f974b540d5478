import { describe, expect, it } from 'vitest';
import { confusableMints, lookalikeKey, looksAlike } from './token-lookalike.ts';

describe('token labels a trader could confuse', () => {
  it.each([
    ['usdc', 'lower case'],
    ['ＵＳＤＣ', 'fullwidth letters (NFKC)'],
    ['𝐔𝐒𝐃𝐂', 'mathematical bold letters (NFKC)'],
    ['UЅDС', 'Cyrillic Ѕ and С'],
    ['ՍSDC', 'Armenian Ս'],
    ['USD\u200bC', 'a zero-width space'],
    ['U S D C', 'spaces'],
    ['ÜSDC', 'an accent'],
    ['USDᏟ', 'Cherokee Ꮯ'],
  ])('%s folds to USDC (%s)', (label) => {
    expect(looksAlike(label, 'USDC')).toBe(true);
  });

  it('folds digits and letter pairs drawn alike: 0 and O, 1 and l and I, rn and m', () => {
    expect(lookalikeKey('B0NK')).toBe(lookalikeKey('BONK'));
    expect(looksAlike('SO1', 'SOL')).toBe(true);
    expect(looksAlike('SOI', 'SOL')).toBe(true);
    expect(looksAlike('rnSOL', 'mSOL')).toBe(true);
    expect(looksAlike('Τеthеr USD', 'Tether USD')).toBe(true); // Greek Τ, Cyrillic е
  });

  it('keeps different tickers apart', () => {
    for (const [a, b] of [['USDC', 'USDT'], ['SOL', 'JSOL'], ['BONK', 'BONKS'], ['USDC', 'USDCE']]) expect(looksAlike(a!, b!)).toBe(false);
  });

  it('names the mints of every token whose symbol or name could be taken for another’s, and no other', () => {
    const mints = confusableMints([
      { mint: 'real', symbol: 'USDC', name: 'USD Coin' },
      { mint: 'copy', symbol: 'UЅDC', name: 'Jelly Dollar' },
      { mint: 'sol', symbol: 'SOL', name: 'Solana' },
      { mint: 'wsol', symbol: 'WSOL', name: 'Solana' },
      { mint: 'bonk', symbol: 'BONK', name: 'Bonk' },
    ]);
    expect([...mints].sort()).toEqual(['copy', 'real', 'sol', 'wsol']);
  });
});
