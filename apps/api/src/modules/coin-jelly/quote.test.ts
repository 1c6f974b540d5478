// The desk's Coin Jelly quote: exact bigint maths, rounding in the desk's favour both ways, and a sentence for every
// refusal. Every coin is priced from the feed; the configured reference stands in only for a coin the feed has no price
// for. Solana payouts are bounded by the desk.
import { fromBaseUnits, SWAP_MESSAGES, toBaseUnits } from '@jelly/domain';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { PriceFeed } from '../prices/index.ts';
import { KNOWN_MINTS } from '@jelly/contracts';
import { jellyCoin, jellyCoins, UNSUPPORTED_COIN } from './coins.ts';
import { jellyOutNow, quoteJelly, TOO_MANY_DECIMALS, type QuoteDeps } from './quote.ts';
import { testJellyConfig } from './testing.ts';

const asOf = new Date('2030-01-02T08:30:00Z');
const feed = (usd: Record<string, string>): PriceFeed => ({
  source: 'test',
  cryptoUsd: async (symbol) => (usd[symbol] ? { value: usd[symbol], asOf } : null),
  fiatPerUsd: async () => null,
});
const coins = jellyCoins({ USDC: KNOWN_MINTS.USDC, USDT: KNOWN_MINTS.USDT });
const deps = (over: Partial<QuoteDeps> = {}): QuoteDeps => ({
  // spread 50 bps; BTC 60,000 USD, ETH 3,000 USD; orders of 1 to 10,000 USD
  config: testJellyConfig(),
  coins,
  priceFeed: feed({}),
  desk: null,
  now: () => asOf,
  ...over,
});
const btcToEth = { sendCoin: 'BTC', sendChain: 'Bitcoin', receiveCoin: 'ETH', receiveChain: 'Ethereum' } as const;
const refusal = (run: Promise<unknown>) => run.then(() => 'quoted', (error: Error) => error.message);

describe('quoteJelly', () => {
  it('0.1 BTC buys 2 ETH less the 50 bps spread, the rate fixed for 15 minutes', async () => {
    const q = await quoteJelly(deps(), { ...btcToEth, amountUserSend: '0.1' });
    expect(q.wire).toMatchObject({ amountUserSend: '0.1', amountUserWannaGet: '1.99', rate: '19.9', expireAt: '2030-01-02T08:45:00.000Z' });
    expect(q).toMatchObject({ amountSend: 10_000_000n, amountReceive: 1_990_000_000_000_000_000n });
    // 1 USD and 10,000 USD of BTC, rounded to stay inside the limits
    expect(q.wire).toMatchObject({ minSend: '0.00001667', maxSend: '0.16666666' });
  });

  it('from the wanted amount: the least send whose rounded-down payout reaches it', async () => {
    for (const want of ['1.99', '0.123456789012345678', '3']) {
      const q = await quoteJelly(deps(), { ...btcToEth, amountUserWannaGet: want });
      expect(q.amountReceive).toBeGreaterThanOrEqual(toBaseUnits(want, 18));
      const less = await quoteJelly(deps(), { ...btcToEth, amountUserSend: fromBaseUnits(q.amountSend - 1n, 8) });
      expect(less.amountReceive).toBeLessThan(toBaseUnits(want, 18));
    }
  });

  it('refuses more decimals than the coin has, and accepts trailing zeros', async () => {
    expect(await refusal(quoteJelly(deps(), { ...btcToEth, amountUserSend: '0.123456789' }))).toBe(TOO_MANY_DECIMALS('BTC', 8));
    expect((await quoteJelly(deps(), { ...btcToEth, amountUserSend: '0.100000000' })).amountSend).toBe(10_000_000n);
  });

  it.each([
    ['the same coin on both sides', { ...btcToEth, receiveCoin: 'BTC', receiveChain: 'Bitcoin', amountUserSend: '0.1' }, SWAP_MESSAGES.same_token],
    ['a coin on a chain it is not offered on', { ...btcToEth, sendChain: 'Solana', amountUserSend: '0.1' }, UNSUPPORTED_COIN('BTC', 'Solana')],
    ['an order below 1 USD', { ...btcToEth, amountUserSend: '0.00001' }, SWAP_MESSAGES.below_minimum],
    ['an order above 10,000 USD', { ...btcToEth, amountUserSend: '1' }, SWAP_MESSAGES.above_maximum],
    ['a Solana payout without a desk', { ...btcToEth, receiveCoin: 'SOL', receiveChain: 'Solana', amountUserSend: '0.1' }, SWAP_MESSAGES.desk_inventory_short],
  ] as const)('refuses %s', async (_name, request, message) => {
    expect(await refusal(quoteJelly(deps(), request))).toBe(message);
  });

  it('pays a Solana coin at the feed’s price, at most the desk’s inventory share', async () => {
    const sol = jellyCoin(coins, 'SOL', 'Solana')!;
    const desk = { balance: async () => 4_000_000_000n, pay: () => Promise.reject(new Error('not here')), treasury: Keypair.generate().publicKey };
    const solana = deps({ desk, priceFeed: feed({ SOL: '150', USDC: '1' }) });
    const usdcToSol = { sendCoin: 'USDC', sendChain: 'Solana', receiveCoin: 'SOL', receiveChain: 'Solana' } as const;
    const q = await quoteJelly(solana, { ...usdcToSol, amountUserSend: '150' });
    expect(q.wire).toMatchObject({ amountUserWannaGet: '0.995', maxReceive: '2' });
    expect(q.receive).toBe(sol);
    // 2 SOL is half the desk's 4 SOL (the share is 50%): 450 USDC would need 2.985 SOL.
    expect(await refusal(quoteJelly(solana, { ...usdcToSol, amountUserSend: '450' }))).toBe(SWAP_MESSAGES.desk_inventory_short);
    expect(await refusal(quoteJelly(deps({ desk, priceFeed: feed({ USDC: '1' }) }), { ...usdcToSol, amountUserSend: '150' }))).toBe(SWAP_MESSAGES.price_unavailable);
  });
});

describe('the Solana coins of the configured cluster', () => {
  const DEVNET_USDC = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';
  const desk = { balance: async () => 4_000_000_000n, pay: () => Promise.reject(new Error('not here')), treasury: Keypair.generate().publicKey };
  const devnet = deps({ coins: jellyCoins({ USDC: DEVNET_USDC }), desk, priceFeed: feed({ SOL: '150', USDC: '1', USDT: '1' }) });

  it('takes devnet USDC at its devnet mint and refuses USDT, which devnet has no mint for', async () => {
    const usdc = await quoteJelly(devnet, { sendCoin: 'USDC', sendChain: 'Solana', receiveCoin: 'SOL', receiveChain: 'Solana', amountUserSend: '150' });
    expect(usdc.send.mint).toBe(DEVNET_USDC);
    const usdt = quoteJelly(devnet, { sendCoin: 'USDT', sendChain: 'Solana', receiveCoin: 'SOL', receiveChain: 'Solana', amountUserSend: '150' });
    expect(await refusal(usdt)).toBe(UNSUPPORTED_COIN('USDT', 'Solana'));
  });
});

describe('the price of a coin off Solana', () => {
  it('comes from the feed when the feed quotes it (BTC and ETH at the feed’s price, not COIN_JELLY_USD)', async () => {
    const q = await quoteJelly(deps({ priceFeed: feed({ BTC: '90000', ETH: '3000' }) }), { ...btcToEth, amountUserSend: '0.1' });
    // 0.1 BTC at 90,000 USD = 9,000 USD = 3 ETH, less the 50 bps spread
    expect(q.wire).toMatchObject({ amountUserWannaGet: '2.985', rate: '29.85' });
  });

  it('falls back to COIN_JELLY_USD only for a coin the feed has no price for', async () => {
    const q = await quoteJelly(deps({ priceFeed: feed({ ETH: '2000' }) }), { ...btcToEth, amountUserSend: '0.1' });
    // BTC from the reference (60,000 USD), ETH from the feed: 6,000 USD = 3 ETH, less the spread
    expect(q.wire).toMatchObject({ amountUserWannaGet: '2.985' });
  });

  it('is refused when the feed fails or calls its price stale, rather than replaced by the fixed reference', async () => {
    const failing: PriceFeed = { source: 'test', cryptoUsd: () => Promise.reject(new Error('The Pyth BTC/USD price is stale')), fiatPerUsd: async () => null };
    expect(await refusal(quoteJelly(deps({ priceFeed: failing }), { ...btcToEth, amountUserSend: '0.1' }))).toBe(SWAP_MESSAGES.price_unavailable);
  });
});

describe('jellyOutNow', () => {
  const [btc, eth] = [jellyCoin(coins, 'BTC', 'Bitcoin')!, jellyCoin(coins, 'ETH', 'Ethereum')!];

  it('measures today’s rate without the order limits (the rate band compares it with the fixed one)', async () => {
    expect(await jellyOutNow(deps(), btc, eth, 100_000_000n)).toBe(19_900_000_000_000_000_000n);
  });

  it('is null without a price, and 0 for an amount that buys nothing', async () => {
    expect(await jellyOutNow(deps({ config: testJellyConfig({ referenceUsd: { BTC: '60000' } }) }), btc, eth, 1n)).toBeNull();
    expect(await jellyOutNow(deps(), eth, btc, 1n)).toBe(0n);
  });
});
