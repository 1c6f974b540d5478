import { randomInt, randomUUID } from 'node:crypto';
import type { SwapPriceSource, SwapQuote, SwapQuoteInput } from '@jelly/contracts';
import { priceMovedBeyondBand, quoteSwap, swapRate } from '@jelly/domain';
import type { Chain } from '../../chain/chain.ts';
import type { Queryable } from '../../db/rows.ts';
import { rememberedIsoTime } from '../../lib/iso-time.ts';
import type { PriceFeed } from '../prices/index.ts';
import { QUOTE_UNIT_LIMIT } from './build-swap-transaction.ts';
import { deskAssetByMint } from './desk-assets.ts';
import type { Desk } from './desk-service.ts';
import { readPrices } from './read-prices.ts';
import { swapRefusal } from './swap-errors.ts';

/** Rent of a token account (165 bytes): what a user pays when the swap creates their output account. */
export const TOKEN_ACCOUNT_RENT_LAMPORTS = 2_039_280n;

export interface SwapContext {
  db: Queryable;
  chain: Chain;
  desk: Desk;
  priceFeed: PriceFeed;
  now: () => Date;
}

const feedSource = (source: string): SwapPriceSource => (source === 'bundled' ? 'bundled' : 'pyth');

const expireAtText = rememberedIsoTime();
const quotedAtText = rememberedIsoTime();
const publishTimeText = rememberedIsoTime();

/** bps as a percent decimal string: 30 → '0.3'. */
const bpsToPercent = (bps: number): string => {
  const text = (bps / 100).toFixed(2);
  return text.replace(/\.?0+$/, '') || '0';
};

/**
 * POST /swap/quote — a firm quote from the desk for the signed-in wallet, its terms signed into `quoteToken` so that
 * the co-signer can hold the signed transaction to them on any replica (quote-token.ts). Refused when the pair or
 * size is not quotable, the price is stale or unavailable, or the desk is short of the output. Reads no chain state
 * of its own (the desk's balances and the blockhash are shared) and writes nothing.
 */
export async function quoteSwapFor(ctx: SwapContext, wallet: string, request: SwapQuoteInput): Promise<SwapQuote> {
  const input = deskAssetByMint(ctx.desk.assets, request.inputMint);
  const output = deskAssetByMint(ctx.desk.assets, request.outputMint);
  if (!input || !output) throw swapRefusal('pair_unsupported');
  if (input === output) throw swapRefusal('same_token');
  const inAmount = BigInt(request.amount);
  const config = ctx.desk.config;

  const [prices, deskBalances, latest, reference] = await Promise.all([
    readPrices(ctx.priceFeed, input.symbol, output.symbol, ctx.now(), config.maxPriceAgeMs),
    ctx.desk.state.balances(),
    ctx.desk.state.latestBlockhash(),
    ctx.desk.reference?.outAmount({ inputMint: request.inputMint, outputMint: request.outputMint, amount: inAmount }) ?? null,
  ]);
  const deskIn = deskBalances.find((b) => b.asset === input);
  const deskOut = deskBalances.find((b) => b.asset === output);

  const maths = quoteSwap({
    inAmount,
    input: { usd: prices.input.value, confidence: prices.input.confidence, decimals: input.decimals },
    output: { usd: prices.output.value, confidence: prices.output.confidence, decimals: output.decimals },
    deskOutputBalance: deskOut?.amount ?? 0n,
    limits: config,
  });
  if (!maths.ok) throw swapRefusal(maths.reason);
  const { outAmount, midOutAmount, feeAmount, feeBps } = maths.value;
  // a feed that disagrees with the market reference beyond the band is not quoted from
  if (reference !== null && priceMovedBeyondBand(reference, midOutAmount, config.priceBandBps)) {
    throw swapRefusal('price_unavailable');
  }

  // A token output always comes with an idempotent creation of the user's account, paid by the user: it costs
  // nothing when the account exists, and the quote needs no read of the user's wallet (what the user cannot pay,
  // their rent or their input, is refused in simulation at submit as an insufficient balance).
  const createUserOutputAccount = !output.native;
  const createDeskInputAccount = !(deskIn?.exists ?? false);
  const computeUnitLimit = QUOTE_UNIT_LIMIT.min + randomInt(QUOTE_UNIT_LIMIT.span);
  const transaction = ctx.desk.transactions.build(
    { user: wallet, input, output, createUserOutputAccount, createDeskInputAccount },
    { inAmount, outAmount, computeUnitLimit },
    latest.blockhash,
  );
  const now = ctx.now();
  const expireAt = new Date(now.getTime() + config.quoteTtlMs);
  const id = randomUUID();
  const source = feedSource(ctx.priceFeed.source);
  const quoteToken = ctx.desk.tokens.issue({
    id,
    wallet,
    input,
    output,
    inAmount,
    outAmount,
    midOutAmount,
    feeBps,
    source,
    publishTime: prices.publishTime,
    recentBlockhash: latest.blockhash,
    lastValidBlockHeight: latest.lastValidBlockHeight,
    computeUnitLimit,
    createDeskInputAccount,
    expireAt,
    createdAt: now,
  });
  return {
    quoteId: id,
    quoteToken,
    taker: wallet,
    inputMint: request.inputMint,
    outputMint: request.outputMint,
    inSymbol: input.symbol,
    outSymbol: output.symbol,
    inDecimals: input.decimals,
    outDecimals: output.decimals,
    inAmount: inAmount.toString(),
    outAmount: outAmount.toString(),
    otherAmountThreshold: outAmount.toString(),
    swapMode: 'ExactIn',
    slippageBps: 0,
    priceImpactPct: bpsToPercent(feeBps),
    feeBps,
    platformFee: { amount: feeAmount.toString(), feeBps, feeMint: request.outputMint },
    expireAt: expireAtText(expireAt),
    quotedAt: quotedAtText(now),
    lastValidBlockHeight: latest.lastValidBlockHeight,
    signatureFeePayer: ctx.desk.transactions.feePayer,
    source,
    publishTime: publishTimeText(prices.publishTime),
    price: swapRate(inAmount, input.decimals, outAmount, output.decimals),
    transaction,
    createsOutputAccount: createUserOutputAccount,
  };
}
