import { describe, expect, it } from 'vitest';
import { confidenceBps, priceMovedBeyondBand, quoteSwap, swapRate, type SwapQuoteLimits } from './swap-quote.ts';

const SOL = { usd: '143.16027451', decimals: 9 };
const USDC = { usd: '0.99996124', decimals: 6 };
const USDT = { usd: '1.000115', decimals: 6 };
const limits: SwapQuoteLimits = { spreadBps: 30, minUsd: '1', maxUsd: '10000', maxInventoryShareBps: 2_000, maxFeeBps: 500 };
const deep = 10n ** 18n;

// Expected figures computed independently with exact rationals (Python's fractions), floor of the output.
describe('quoteSwap', () => {
  it.each([
    { name: '25 USDT → SOL', inAmount: 25_000_000n, input: USDT, output: SOL, out: 174_125_583n, mid: 174_649_532n, feeBps: 30 },
    { name: '1 SOL → USDC', inAmount: 1_000_000_000n, input: SOL, output: USDC, out: 142_736_326n, mid: 143_165_823n, feeBps: 30 },
    { name: '10 USDC → USDT', inAmount: 10_000_000n, input: USDC, output: USDT, out: 9_968_467n, mid: 9_998_462n, feeBps: 30 },
    {
      name: 'confidence widens the spread (USDT ±0.0005 → 5 bps, SOL ±0.07 → 5 bps)',
      inAmount: 25_000_000n,
      input: { ...USDT, confidence: '0.0005' },
      output: { ...SOL, confidence: '0.07' },
      out: 173_950_934n,
      mid: 174_649_532n,
      feeBps: 40,
    },
  ])('$name', ({ inAmount, input, output, out, mid, feeBps }) => {
    const result = quoteSwap({ inAmount, input, output, deskOutputBalance: deep, limits });
    expect(result).toEqual({ ok: true, value: { outAmount: out, midOutAmount: mid, feeAmount: mid - out, feeBps } });
  });

  it.each([
    { name: 'below the minimum (0.99 USDC)', inAmount: 990_000n, input: USDC, output: USDT, balance: deep, reason: 'below_minimum' },
    { name: 'just above the minimum (0.999999 USDC = 0.99999512 USD < 1; 1 USDT = 1.000115 USD) passes', inAmount: 1_000_000n, input: USDT, output: USDC, balance: deep, reason: null },
    { name: 'above the maximum (10,001 USDT)', inAmount: 10_001_000_000n, input: USDT, output: USDC, balance: deep, reason: 'above_maximum' },
    { name: 'more than 20% of the desk’s SOL', inAmount: 25_000_000n, input: USDT, output: SOL, balance: 870_627_914n, reason: 'desk_inventory_short' },
    { name: 'exactly 20% of the desk’s SOL', inAmount: 25_000_000n, input: USDT, output: SOL, balance: 870_627_915n, reason: null },
    { name: 'a zero price', inAmount: 25_000_000n, input: { ...USDT, usd: '0' }, output: SOL, balance: deep, reason: 'price_unavailable' },
    { name: 'a feed too unsure (±10%)', inAmount: 25_000_000n, input: USDT, output: { ...SOL, confidence: '14.4' }, balance: deep, reason: 'price_unavailable' },
  ])('$name', ({ inAmount, input, output, balance, reason }) => {
    const result = quoteSwap({ inAmount, input, output, deskOutputBalance: balance, limits });
    if (reason === null) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, reason });
  });
});

describe('confidenceBps and the band', () => {
  it.each([
    { price: '143.16027451', conf: '0.07', bps: 5 },
    { price: '1', conf: '0.0001', bps: 1 },
    { price: '1', conf: '0.00010001', bps: 2 },
    { price: '1', conf: undefined, bps: 0 },
  ])('⌈$conf / $price × 10⁴⌉ = $bps', ({ price, conf, bps }) => {
    expect(confidenceBps(price, conf)).toBe(bps);
  });

  it.each([
    { quoted: 1_000_000n, now: 1_010_000n, band: 100, moved: false },
    { quoted: 1_000_000n, now: 1_010_001n, band: 100, moved: true },
    { quoted: 1_000_000n, now: 989_999n, band: 100, moved: true },
    { quoted: 1_000_000n, now: 990_000n, band: 100, moved: false },
  ])('quoted $quoted, now $now, band $band bps → moved: $moved', ({ quoted, now, band, moved }) => {
    expect(priceMovedBeyondBand(quoted, now, band)).toBe(moved);
  });

  it.each([
    { inAmount: 25_000_000n, inDec: 6, out: 174_125_583n, outDec: 9, rate: '0.006965023' },
    { inAmount: 1_000_000_000n, inDec: 9, out: 142_736_326n, outDec: 6, rate: '142.736326' },
    { inAmount: 2_000_000n, inDec: 6, out: 2_000_000n, outDec: 6, rate: '1' },
  ])('rate of $inAmount → $out is $rate, rounded down', ({ inAmount, inDec, out, outDec, rate }) => {
    expect(swapRate(inAmount, inDec, out, outDec)).toBe(rate);
  });
});
