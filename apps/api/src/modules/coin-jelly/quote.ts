import type { JellyCoin, JellyQuote, JellyQuoteRequest } from '@jelly/contracts';
import {
  COIN_JELLY_RATE_LOCK_MINUTES,
  SWAP_MESSAGES,
  confidenceBps,
  fromBaseUnits,
  parseDecimal,
  quoteSwap,
  swapRate,
  toBaseUnits,
  type SwapPriceInput,
  type SwapRefusalReason,
} from '@jelly/domain';
import { badRequest } from '../../errors.ts';
import type { PriceFeed } from '../prices/index.ts';
import type { CoinJellyConfig } from './coin-jelly-config.ts';
import { jellyCoin, UNSUPPORTED_COIN } from './coins.ts';
import type { JellyDesk } from './desk.ts';

export interface QuoteDeps {
  config: CoinJellyConfig;
  coins: readonly JellyCoin[];
  priceFeed: PriceFeed;
  desk: JellyDesk | null;
  now: () => Date;
}

/** A quote with its amounts in base units (what an order stores). */
export interface JellyQuoteUnits {
  wire: JellyQuote;
  send: JellyCoin;
  receive: JellyCoin;
  amountSend: bigint;
  amountReceive: bigint;
  rate: string;
}

/** Pays off Solana are made by an admin, so only the order limits bound them, not an inventory. */
const UNBOUNDED = 10n ** 40n;
const MAX_FEE_BPS = 500;

const refuse = (reason: SwapRefusalReason) => badRequest(SWAP_MESSAGES[reason], { reason });

export const TOO_MANY_DECIMALS = (coin: string, decimals: number) => `${coin} has at most ${decimals} decimals`;

/** A typed amount in base units, refusing more decimals than the coin has. */
export function amountUnits(text: string, coin: Pick<JellyCoin, 'currency' | 'decimals'>): bigint {
  const fraction = text.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > coin.decimals) throw badRequest(TOO_MANY_DECIMALS(coin.currency, coin.decimals));
  return toBaseUnits(text, coin.decimals);
}

/**
 * A coin's USD price from the configured feed, whatever chain the coin lives on (the feed prices the currency).
 * COIN_JELLY_USD is only the fallback for a coin the feed has no price for (null); a feed that fails or calls its
 * price stale refuses the quote instead, so a fixed reference never stands in for a live price that went quiet.
 */
async function usdPrice(deps: QuoteDeps, coin: JellyCoin): Promise<SwapPriceInput> {
  const quoted = await deps.priceFeed.cryptoUsd(coin.currency).catch(() => undefined);
  if (quoted === undefined) throw refuse('price_unavailable');
  const usd = quoted?.value ?? deps.config.referenceUsd[coin.currency];
  if (!usd) throw refuse('price_unavailable');
  return { usd, decimals: coin.decimals };
}

/** The desk's quote for the pair: either amount given, the other computed, rounding in the desk's favour. */
export async function quoteJelly(deps: QuoteDeps, q: Omit<JellyQuoteRequest, never>): Promise<JellyQuoteUnits> {
  const send = jellyCoin(deps.coins, q.sendCoin, q.sendChain);
  const receive = jellyCoin(deps.coins, q.receiveCoin, q.receiveChain);
  if (!send) throw badRequest(UNSUPPORTED_COIN(q.sendCoin, q.sendChain));
  if (!receive) throw badRequest(UNSUPPORTED_COIN(q.receiveCoin, q.receiveChain));
  if (send === receive) throw refuse('same_token');
  if (receive.automatic && !deps.desk) throw refuse('desk_inventory_short');
  const [input, output] = await Promise.all([usdPrice(deps, send), usdPrice(deps, receive)]);
  const deskOutputBalance = receive.automatic && deps.desk ? await deps.desk.balance(receive) : UNBOUNDED;
  const limits = {
    spreadBps: deps.config.spreadBps,
    minUsd: deps.config.minUsd,
    maxUsd: deps.config.maxUsd,
    maxInventoryShareBps: deps.config.maxInventoryShareBps,
    maxFeeBps: MAX_FEE_BPS,
  };
  const quoteFor = (inAmount: bigint) => quoteSwap({ inAmount, input, output, deskOutputBalance, limits });

  let amountSend: bigint;
  if (q.amountUserSend !== undefined) {
    amountSend = amountUnits(q.amountUserSend, send);
  } else {
    // The least input whose rounded-down output reaches the wanted amount: out = ⌊in × A / B⌋ ⇒ in = ⌈want × B / A⌉.
    const want = amountUnits(q.amountUserWannaGet ?? '0', receive);
    const feeBps = BigInt(limits.spreadBps + confidenceBps(input.usd, input.confidence) + confidenceBps(output.usd, output.confidence));
    // The same formula quoteSwap rounds down: out = ⌊in × inUsd × 10^outDec × (10⁴ − fee) / (outUsd × 10^inDec × 10⁴)⌋.
    const inUsd = parseDecimal(input.usd);
    const outUsd = parseDecimal(output.usd);
    if (inUsd.units <= 0n || outUsd.units <= 0n) throw refuse('price_unavailable');
    const a = inUsd.units * 10n ** BigInt(outUsd.scale) * 10n ** BigInt(receive.decimals) * (10_000n - feeBps);
    const b = outUsd.units * 10n ** BigInt(inUsd.scale) * 10n ** BigInt(send.decimals) * 10_000n;
    amountSend = (want * b + a - 1n) / a;
  }
  if (amountSend <= 0n) throw refuse('below_minimum');
  const result = quoteFor(amountSend);
  if (!result.ok) throw refuse(result.reason);
  const amountReceive = result.value.outAmount;
  const rate = swapRate(amountSend, send.decimals, amountReceive, receive.decimals);
  const maxByInventory = (deskOutputBalance * BigInt(limits.maxInventoryShareBps)) / 10_000n;
  const maxByUsd = maxOutForUsd(limits.maxUsd, output, deps.config.spreadBps);
  const maxReceive = maxByInventory < maxByUsd ? maxByInventory : maxByUsd;
  const expireAt = new Date(deps.now().getTime() + COIN_JELLY_RATE_LOCK_MINUTES * 60_000);
  const wire: JellyQuote = {
    sendCoin: send.currency,
    sendChain: send.chain,
    receiveCoin: receive.currency,
    receiveChain: receive.chain,
    amountUserSend: fromBaseUnits(amountSend, send.decimals),
    amountUserWannaGet: fromBaseUnits(amountReceive, receive.decimals),
    rate,
    maxReceive: fromBaseUnits(maxReceive, receive.decimals),
    minSend: usdToUnitsText(limits.minUsd, input, 'up'),
    maxSend: usdToUnitsText(limits.maxUsd, input, 'down'),
    expireAt: expireAt.toISOString(),
  };
  return { wire, send, receive, amountSend, amountReceive, rate };
}

/**
 * What the desk's quote pays now for `amountSend` (receive base units): today's prices through the same maths as
 * quoteJelly, rounded down, without the order-size and inventory limits (those were checked when the rate was fixed;
 * this only measures the rate). null when a price is missing or the feed too unsure to quote from.
 */
export async function jellyOutNow(deps: QuoteDeps, send: JellyCoin, receive: JellyCoin, amountSend: bigint): Promise<bigint | null> {
  let prices: [SwapPriceInput, SwapPriceInput];
  try {
    prices = await Promise.all([usdPrice(deps, send), usdPrice(deps, receive)]);
  } catch {
    return null;
  }
  const limits = { spreadBps: deps.config.spreadBps, minUsd: '0', maxUsd: UNBOUNDED.toString(), maxInventoryShareBps: 10_000, maxFeeBps: MAX_FEE_BPS };
  const result = quoteSwap({ inAmount: amountSend, input: prices[0], output: prices[1], deskOutputBalance: UNBOUNDED, limits });
  if (result.ok) return result.value.outAmount;
  // With no size limits, below_minimum means the amount now buys nothing at all.
  return result.reason === 'below_minimum' ? 0n : null;
}

/** `usd` worth of a coin, in whole coins at its decimals (rounded as asked so the bound stays inside the limit). */
function usdToUnitsText(usd: string, price: SwapPriceInput, rounding: 'up' | 'down'): string {
  const units = usdToUnits(usd, price, rounding);
  return fromBaseUnits(units, price.decimals);
}

function usdToUnits(usd: string, price: SwapPriceInput, rounding: 'up' | 'down'): bigint {
  const scale = 18;
  const num = toBaseUnits(usd, scale) * 10n ** BigInt(price.decimals);
  const den = toBaseUnits(price.usd, scale);
  if (den === 0n) return 0n;
  return rounding === 'up' ? (num + den - 1n) / den : num / den;
}

/** The most of the output coin an order of `maxUsd` could pay (after the spread). */
function maxOutForUsd(maxUsd: string, output: SwapPriceInput, spreadBps: number): bigint {
  return (usdToUnits(maxUsd, output, 'down') * BigInt(10_000 - spreadBps)) / 10_000n;
}
