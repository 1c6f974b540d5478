import type { SwapSubmitRequest, SwapSubmitResponse } from '@jelly/contracts';
import { swapMidOut } from '@jelly/domain';
import { PublicKey, VersionedMessage, VersionedTransaction } from '@solana/web3.js';
import { buildSwapTransaction } from './build-swap-transaction.ts';
import { preparePlatformSend, type SendTerms } from '../../chain/gate/index.ts';
import { readTransaction } from '../../chain/transactions/index.ts';
import { AppError } from '../../errors.ts';
import { setSwapRaw } from './swap-writes.ts';
import type { PriceFeed } from '../prices/index.ts';
import { checkSwapSigners } from './cosigner/check-swap-signers.ts';
import { takeComputeBudget } from './cosigner/compute-budget.ts';
import { checkPriceWithinBand } from './cosigner/price-moved.ts';
import { checkQuoteNotExpired } from './cosigner/quote-expired.ts';
import { checkQuoteOwner } from './cosigner/quote-owner.ts';
import { checkSameBlockhash } from './cosigner/same-blockhash.ts';
import { checkSameTransfers } from './cosigner/same-transfers.ts';
import { simulationRefusal } from './cosigner/simulation-refusal.ts';
import type { Desk } from './desk-service.ts';
import { landSwap, type LandContext } from './land-swap.ts';
import { findSwapByTx, findSwapOfQuote, type QuoteRow } from './queries.ts';
import type { FirmQuote } from './quote-token.ts';
import { readPrices } from './read-prices.ts';
import { swapRefusal } from './swap-errors.ts';
import { toSwapRecord } from './swap-view.ts';
import { insertSwap, moveSwap } from './swap-writes.ts';

export interface SubmitContext extends LandContext {
  desk: Desk;
  priceFeed: PriceFeed;
}

/** The quote's own instructions besides its compute budget, read the same way as the signed ones. */
function quotedInstructions(message: Uint8Array) {
  const unsigned = new VersionedTransaction(VersionedMessage.deserialize(message));
  return takeComputeBudget(readTransaction(Buffer.from(unsigned.serialize()).toString('base64')).instructions);
}

/** SOL the desk sends on purpose: the swap's output when the user buys SOL (the gate does not count it as a cost). */
function deskSolOut(quote: FirmQuote): bigint {
  return quote.output.native ? quote.outAmount : 0n;
}

/** The quote as its row in swap_quotes (written with its swap): its terms and the message it was given as. */
function quoteRow(q: FirmQuote, message: Uint8Array): QuoteRow {
  return {
    id: q.id,
    wallet: q.wallet,
    inputMint: q.input.address,
    outputMint: q.output.address,
    inSymbol: q.input.symbol,
    outSymbol: q.output.symbol,
    inDecimals: q.input.decimals,
    outDecimals: q.output.decimals,
    inAmount: q.inAmount.toString(),
    outAmount: q.outAmount.toString(),
    midOutAmount: q.midOutAmount.toString(),
    feeBps: q.feeBps,
    source: q.source,
    publishTime: q.publishTime,
    message: Buffer.from(message).toString('base64'),
    recentBlockhash: q.recentBlockhash,
    lastValidBlockHeight: q.lastValidBlockHeight,
    expireAt: q.expireAt,
    createdAt: q.createdAt,
  };
}

/** The first result of a quote already submitted: 'You've already sent this request.' */
async function firstResult(ctx: SubmitContext, quoteId: string, txId?: string): Promise<SwapSubmitResponse | undefined> {
  const first = (await findSwapOfQuote(ctx.db, quoteId)) ?? (txId ? await findSwapByTx(ctx.db, txId) : undefined);
  return first ? { swap: toSwapRecord(first), alreadySent: true } : undefined;
}

/**
 * POST /swap/submit — the swap co-signer. Co-signs (as desk and fee payer) only the quote's own transaction, signed
 * by the quote's wallet, before the quote expires, with the price still within the band, at most once per quote;
 * then simulates, sends, re-broadcasts until it lands or its blockhash dies, and records what the chain shows. The
 * quote is the token's terms (quote-token.ts): its transaction is rebuilt from them here, the one the signed
 * transaction is compared with.
 */
export async function submitSwap(ctx: SubmitContext, wallet: string, request: SwapSubmitRequest): Promise<SwapSubmitResponse> {
  const quote = ctx.desk.tokens.read(request.quoteToken);
  if (!quote) throw swapRefusal('quote_not_found');
  checkQuoteOwner(quote.wallet, wallet);
  const already = await firstResult(ctx, quote.id);
  if (already) return already;
  checkQuoteNotExpired(quote.expireAt, ctx.now());

  const proposed = readTransaction(request.signedTransaction);
  const desk = ctx.desk.key;
  const user = new PublicKey(wallet);
  checkSwapSigners(proposed, ctx.chain.admin.publicKey, desk.publicKey, user);
  checkSameBlockhash(proposed, quote.recentBlockhash);
  const quoted = buildSwapTransaction(
    {
      admin: ctx.chain.admin.publicKey,
      desk: desk.publicKey,
      user,
      input: quote.input,
      output: quote.output,
      inAmount: quote.inAmount,
      outAmount: quote.outAmount,
      createUserOutputAccount: !quote.output.native,
      createDeskInputAccount: quote.createDeskInputAccount,
      computeUnitLimit: quote.computeUnitLimit,
    },
    quote.recentBlockhash,
  );
  checkSameTransfers(takeComputeBudget(proposed.instructions), quotedInstructions(quoted.message));

  const { input, output } = await readPrices(ctx.priceFeed, quote.input.symbol, quote.output.symbol, ctx.now(), ctx.desk.config.maxPriceAgeMs);
  const currentMid = swapMidOut(
    quote.inAmount,
    { usd: input.value, decimals: quote.input.decimals },
    { usd: output.value, decimals: quote.output.decimals },
  );
  checkPriceWithinBand(quote.midOutAmount, currentMid, ctx.desk.config.priceBandBps);

  const prepared = preparePlatformSend(ctx, proposed.tx, [ctx.chain.admin, desk]);
  const signed = { signature: prepared.signature, rawTransaction: null };
  const row = await insertSwap(ctx.db, quoteRow(quote, quoted.message), signed, ctx.now());
  // the quote was submitted meanwhile, or these very bytes were (an identical transaction is one swap)
  if (!row) return (await firstResult(ctx, quote.id, prepared.signature)) as SwapSubmitResponse;

  const terms: SendTerms = {
    kind: 'swap',
    orderId: null,
    chargeTo: { wallet, ip: ctx.ip ?? null },
    budgets: 'caller',
    intended: [{ key: desk, lamports: deskSolOut(quote) }],
    platformOwners: [desk.publicKey],
    simulationError: (err, logs) => simulationRefusal(err, logs, proposed.instructions, desk.publicKey),
    record: (db, _signature, raw) => setSwapRaw(db, row.id, Buffer.from(raw).toString('base64')),
  };
  let authorized;
  try {
    authorized = await prepared.authorize(terms);
  } catch (error) {
    // Nothing was sent: the record says Failed with the reason, and the user gets a fresh quote.
    const reason = error instanceof AppError ? error.message : 'The swap could not be checked; nothing was sent.';
    await moveSwap(ctx.db, row.id, 'refused_at_simulation', { failureReason: reason, clearRaw: true }, ctx.now());
    throw error;
  }
  const after = await landSwap(ctx, row, authorized.raw);
  return { swap: toSwapRecord(after), alreadySent: false };
}
