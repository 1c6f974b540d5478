import { randomUUID } from 'node:crypto';
import type { SwapPriceSource, SwapQuote, SwapQuoteInput } from '@jelly/contracts';
import { priceMovedBeyondBand, quoteSwap, swapRate } from '@jelly/domain';
import { PublicKey } from '@solana/web3.js';
import type { Chain } from '../../chain/chain.ts';
import type { Queryable } from '../../db/rows.ts';
import { swapQuotes } from '../../db/schema/index.ts';
import type { PriceFeed } from '../prices/index.ts';
import { buildSwapTransaction } from './build-swap-transaction.ts';
import { deskAssetByMint, deskAssetBySymbol, type DeskAsset } from './desk-assets.ts';
import { readBalances } from './desk-inventory.ts';
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

const SOL_ASSET = deskAssetBySymbol('SOL') as DeskAsset;

const feedSource = (source: string): SwapPriceSource => (source === 'bundled' ? 'bundled' : 'pyth');

/** bps as a percent decimal string: 30 → '0.3'. */
const bpsToPercent = (bps: number): string => {
  const text = (bps / 100).toFixed(2);
  return text.replace(/\.?0+$/, '') || '0';
};

/**
 * POST /swap/quote — a firm quote from the desk for the signed-in wallet, stored so that the co-signer can hold the
 * signed transaction to it. Refused when the pair or size is not quotable, the price is stale or unavailable, the
 * desk is short of the output, or the wallet does not hold what it would send.
 */
export async function quoteSwapFor(ctx: SwapContext, wallet: string, request: SwapQuoteInput): Promise<SwapQuote> {
  const input = deskAssetByMint(request.inputMint);
  const output = deskAssetByMint(request.outputMint);
  if (!input || !output) throw swapRefusal('pair_unsupported');
  if (input === output) throw swapRefusal('same_token');
  const inAmount = BigInt(request.amount);
  const user = new PublicKey(wallet);
  const deskKey = ctx.desk.keypair.publicKey;
  const config = ctx.desk.config;

  const [prices, deskBalances, userBalances, latest, reference] = await Promise.all([
    readPrices(ctx.priceFeed, input.symbol, output.symbol, ctx.now(), config.maxPriceAgeMs),
    readBalances(ctx.chain, deskKey, [input, output]),
    readBalances(ctx.chain, user, [...new Set([input, output, SOL_ASSET])]),
    ctx.chain.connection.getLatestBlockhash('confirmed'),
    ctx.desk.reference?.outAmount({ inputMint: request.inputMint, outputMint: request.outputMint, amount: inAmount }) ?? null,
  ]);
  const [deskIn, deskOut] = deskBalances as [(typeof deskBalances)[0], (typeof deskBalances)[0]];
  const held = (symbol: string) => userBalances.find((b) => b.asset.symbol === symbol) ?? { amount: 0n, exists: false };
  const [userIn, userOut] = [held(input.symbol), held(output.symbol)];

  const maths = quoteSwap({
    inAmount,
    input: { usd: prices.input.value, confidence: prices.input.confidence, decimals: input.decimals },
    output: { usd: prices.output.value, confidence: prices.output.confidence, decimals: output.decimals },
    deskOutputBalance: deskOut.amount,
    limits: config,
  });
  if (!maths.ok) throw swapRefusal(maths.reason);
  const { outAmount, midOutAmount, feeAmount, feeBps } = maths.value;
  // a feed that disagrees with the market reference beyond the band is not quoted from
  if (reference !== null && priceMovedBeyondBand(reference, midOutAmount, config.priceBandBps)) {
    throw swapRefusal('price_unavailable');
  }

  const createUserOutputAccount = !output.native && !userOut.exists;
  // The user's SOL pays what they send (SOL in) and the rent of a new output account.
  const solNeeded = (input.native ? inAmount : 0n) + (createUserOutputAccount ? TOKEN_ACCOUNT_RENT_LAMPORTS : 0n);
  if ((!input.native && userIn.amount < inAmount) || held('SOL').amount < solNeeded) throw swapRefusal('insufficient_balance');

  const tx = buildSwapTransaction(
    {
      admin: ctx.chain.admin.publicKey,
      desk: deskKey,
      user,
      input,
      output,
      inAmount,
      outAmount,
      createUserOutputAccount,
      createDeskInputAccount: !deskIn.exists,
    },
    latest.blockhash,
  );
  const message = Buffer.from(tx.serializeMessage()).toString('base64');
  const now = ctx.now();
  const expireAt = new Date(now.getTime() + config.quoteTtlMs);
  const id = randomUUID();
  const source = feedSource(ctx.priceFeed.source);
  await ctx.db.insert(swapQuotes).values({
    id,
    wallet,
    inputMint: request.inputMint,
    outputMint: request.outputMint,
    inSymbol: input.symbol,
    outSymbol: output.symbol,
    inDecimals: input.decimals,
    outDecimals: output.decimals,
    inAmount: inAmount.toString(),
    outAmount: outAmount.toString(),
    midOutAmount: midOutAmount.toString(),
    feeBps,
    source,
    publishTime: prices.publishTime,
    message,
    recentBlockhash: latest.blockhash,
    lastValidBlockHeight: latest.lastValidBlockHeight,
    expireAt,
    createdAt: now,
  });
  return {
    quoteId: id,
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
    expireAt: expireAt.toISOString(),
    lastValidBlockHeight: latest.lastValidBlockHeight,
    signatureFeePayer: ctx.chain.admin.publicKey.toBase58(),
    source,
    publishTime: prices.publishTime.toISOString(),
    price: swapRate(inAmount, input.decimals, outAmount, output.decimals),
    transaction: Buffer.from(tx.serialize({ requireAllSignatures: false, verifySignatures: false })).toString('base64'),
    createsOutputAccount: createUserOutputAccount,
  };
}
