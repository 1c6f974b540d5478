import { describe, expect, it } from 'vitest';
import { displayDecimals, formatCoinAmount } from './coin-display.ts';

describe('displayDecimals', () => {
  it.each([
    { currency: 'ETH', decimals: 18, shown: 8 },
    { currency: 'BTC', decimals: 8, shown: 8 },
    { currency: 'eth', decimals: 18, shown: 8 },
    { currency: 'SOL', decimals: 9, shown: 9 },
    { currency: 'USDC', decimals: 6, shown: 6 },
    { currency: 'USDT', decimals: 6, shown: 6 },
    { currency: 'ETH', decimals: 6, shown: 6 },
  ])('$currency with $decimals decimals shows $shown', ({ currency, decimals, shown }) => {
    expect(displayDecimals({ currency, decimals })).toBe(shown);
  });
});

describe('formatCoinAmount', () => {
  const ETH = { currency: 'ETH', decimals: 18 };
  const BTC = { currency: 'BTC', decimals: 8 };
  const SOL = { currency: 'SOL', decimals: 9 };
  const USDC = { currency: 'USDC', decimals: 6 };

  it.each([
    { coin: ETH, amount: '3.316666666666666666', rounding: 'down', text: '3.31666666' },
    { coin: ETH, amount: '3.316666666666666666', rounding: 'half-up', text: '3.31666667' },
    { coin: ETH, amount: '0.000000009', rounding: 'down', text: '0' },
    { coin: ETH, amount: '12345678901234567890.5', rounding: 'down', text: '12345678901234567890.5' },
    { coin: ETH, amount: '2.500000000000000000', rounding: 'down', text: '2.5' },
    { coin: BTC, amount: '0.12345678', rounding: 'down', text: '0.12345678' },
    { coin: BTC, amount: '1.00000000', rounding: 'down', text: '1' },
    { coin: SOL, amount: '0.123456789', rounding: 'down', text: '0.123456789' },
    { coin: SOL, amount: '20.100000000', rounding: 'down', text: '20.1' },
    { coin: USDC, amount: '19.9999999', rounding: 'down', text: '19.999999' },
    { coin: USDC, amount: '19.9999999', rounding: 'half-up', text: '20' },
    { coin: USDC, amount: '100', rounding: 'down', text: '100' },
  ] as const)('$amount $coin.currency ($rounding) → $text', ({ coin, amount, rounding, text }) => {
    expect(formatCoinAmount(amount, coin, rounding)).toBe(text);
  });

  it('rounds down unless told otherwise, so a maximum shown never exceeds the real one', () => {
    expect(formatCoinAmount('0.999999999999999999', ETH)).toBe('0.99999999');
  });
});
