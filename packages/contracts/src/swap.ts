import { SWAP_REASON_LENGTH, SWAP_REASON_MAX, SWAP_REASON_MIN, SWAP_REFUSAL_REASONS, SWAP_STATUSES, swapStatusLabel } from '@jelly/domain';
import { z } from 'zod';
import { isoDateTime, walletAddress } from './common.ts';
import { MAX_TRANSACTION_BYTES } from './deals.ts';
import {
  baseUnits,
  decimalString,
  optionalQueryEnum,
  optionalQueryNumber,
  optionalQueryText,
  queryDate,
  signedDecimalString,
} from './orders.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Swap: firm quotes from the Jelly desk (a treasury wallet of the platform), settled in one transaction with two
 * transfers that the user signs first and the server co-signs (desk + fee payer) only if it says exactly what the
 * quote says.
 *
 * Wire format as in the rest of the API: token amounts are integer strings in BASE UNITS, prices decimal strings,
 * dates ISO. The quote body uses the field names integrators know from Jupiter's swap API.
 *
 * Refusals (quote or submit) are 4xx errors whose `details.reason` is one of SWAP_REFUSAL_REASONS and whose message is
 * the matching SWAP_MESSAGES sentence (@jelly/domain): 400 for input the desk never quotes (pair, limits), 409 for a
 * quote that can no longer be used (expired, price moved, inventory short). Paths: `swapPaths` in paths.ts.
 */

/** The tokens the desk trades; also the values of the history's Asset filter (besides All). */
export const SWAP_ASSETS = ['SOL', 'USDC', 'USDT'] as const;
export type SwapAsset = (typeof SWAP_ASSETS)[number];

/** A swap record's status, by its number (what each means and how it moves: the swap state table in @jelly/domain). */
const STATUS_CHOICES = SWAP_STATUSES.map((status) => `${status} (${swapStatusLabel(status)})`);
export const swapStatus = lazySchema(() => z.literal(SWAP_STATUSES, {
  error: `Status must be ${STATUS_CHOICES.slice(0, -1).join(', ')} or ${STATUS_CHOICES.at(-1)}`,
}));

export const swapRefusalReason = lazySchema(() => z.enum(SWAP_REFUSAL_REASONS));
/** `details` of a swap refusal error. */
export const swapRefusalDetails = lazySchema(() => z.object({ reason: swapRefusalReason }));
export type SwapRefusalDetails = z.infer<typeof swapRefusalDetails>;

/** Base units above zero. */
const positiveBaseUnits = lazySchema(() => baseUnits.refine((s) => !/^\d+$/.test(s) || BigInt(s) > 0n, 'Amount must be above 0'));
/** A base64 serialised transaction (at most one packet). */
const base64Transaction = lazySchema(() => z
  .string()
  .min(1, 'transaction is required')
  .max(Math.ceil(MAX_TRANSACTION_BYTES / 3) * 4 + 8, `transaction is larger than ${MAX_TRANSACTION_BYTES} bytes`)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'transaction must be base64'));

// ── POST /swap/quote (bearer) ────────────────────────────────────────────────────
export const swapQuoteRequest = lazySchema(() => z
  .object({
    inputMint: walletAddress,
    outputMint: walletAddress,
    /** What the user sends, in base units of inputMint. */
    amount: positiveBaseUnits,
    /** Only ExactIn: the user names what they send and the desk quotes what they receive. */
    swapMode: z.literal('ExactIn', { error: 'swapMode must be ExactIn' }).default('ExactIn'),
  })
  .refine((q) => q.inputMint !== q.outputMint, { path: ['outputMint'], message: 'Choose two different tokens.' }));
export type SwapQuoteRequest = z.input<typeof swapQuoteRequest>;
export type SwapQuoteInput = z.output<typeof swapQuoteRequest>;

/** Where the price of a quote came from: the bundled table, Pyth Hermes, or Jupiter as a reference. */
export const swapPriceSource = lazySchema(() => z.enum(['bundled', 'pyth', 'jupiter']));
export type SwapPriceSource = z.infer<typeof swapPriceSource>;

/**
 * A firm quote: the desk pays exactly `outAmount` for exactly `inAmount` until `expireAt`. `transaction` is the
 * unsigned (legacy) transaction to sign with `signTransaction` (never signAndSend): the user's transfer to the desk,
 * the desk's transfer to the user, the admin as fee payer (the user pays no SOL fee) and a blockhash that dies on
 * chain shortly after `expireAt`.
 */
/** Longer than any quote token (about 500 characters: its terms and their tag): anything longer is not one. */
const QUOTE_TOKEN_MAX = 1024;

export const swapQuote = lazySchema(() => z.object({
  /** The quote's id: the swap record of this quote carries it as `quoteId`. */
  quoteId: z.uuid(),
  /**
   * The quote's terms as the server signed them (opaque to clients): POST it with the signed transaction to
   * /swap/submit. The server keeps nothing per quote; any of its replicas reads the token.
   */
  quoteToken: z.string().max(QUOTE_TOKEN_MAX),
  /** The wallet the quote is for (the signed-in wallet): the only signer besides the desk and the fee payer. */
  taker: walletAddress,
  inputMint: walletAddress,
  outputMint: walletAddress,
  inSymbol: z.string(),
  outSymbol: z.string(),
  inDecimals: z.number().int(),
  outDecimals: z.number().int(),
  inAmount: baseUnits,
  /** What the user receives (already net of the desk's fee). */
  outAmount: baseUnits,
  /** = outAmount: a firm quote has no slippage. */
  otherAmountThreshold: baseUnits,
  swapMode: z.literal('ExactIn'),
  slippageBps: z.literal(0),
  /** The quote's distance from the feed's mid price, in percent as a decimal string ('0.3'): spread + confidence. */
  priceImpactPct: signedDecimalString,
  /** The desk's spread in basis points (including the widening by the feed's confidence). */
  feeBps: z.number().int().min(0),
  /** The desk's fee in units of the output token (what the user would have received more at the mid price). */
  platformFee: z.object({ amount: baseUnits, feeBps: z.number().int().min(0), feeMint: walletAddress }),
  /** After this instant the server refuses to co-sign; the transaction's blockhash dies shortly after. */
  expireAt: isoDateTime,
  /**
   * The server's clock when it quoted: a client measures expireAt (and the price's age) from the moment the answer
   * arrived, by the server's own clock, so a device clock that is off never shows a dead quote as live.
   */
  quotedAt: isoDateTime,
  /** The last block height at which the transaction's blockhash is valid. */
  lastValidBlockHeight: z.number().int(),
  /** Who pays the network fee: the platform's admin key. */
  signatureFeePayer: walletAddress,
  source: swapPriceSource,
  /** When the source published the prices the quote used. */
  publishTime: isoDateTime,
  /** Output per input in whole tokens (e.g. SOL per USDT), decimal string. */
  price: decimalString,
  /** The unsigned transaction, base64. */
  transaction: z.string(),
  /**
   * true for a token output (USDC, USDT): the transaction creates the user's token account for it if it is missing
   * (idempotent), with the user as payer — its rent (0.00203928 SOL) is then the only SOL the user spends; nothing when
   * the account exists. The admin never pays for a user's account. false for SOL (a native transfer).
   */
  createsOutputAccount: z.boolean(),
}));
export type SwapQuote = z.infer<typeof swapQuote>;

// ── swap records ─────────────────────────────────────────────────────────────────
export const swapId = lazySchema(() => z.coerce.number().int('Swap id must be an integer').positive('Swap id must be positive'));
export const swapParams = lazySchema(() => z.object({ id: swapId }));

export const swapRecord = lazySchema(() => z.object({
  id: z.number().int().positive(),
  /** The transaction signature (base58); null only when an admin cleared it. */
  txID: z.string().nullable(),
  status: swapStatus,
  wallet: walletAddress,
  inputMint: walletAddress,
  outputMint: walletAddress,
  inSymbol: z.string(),
  outSymbol: z.string(),
  inDecimals: z.number().int(),
  outDecimals: z.number().int(),
  inAmount: baseUnits,
  outAmount: baseUnits,
  quoteId: z.uuid(),
  /** Why a swap failed (the chain's error or the admin's reason); null otherwise. */
  failureReason: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
}));
export type SwapRecord = z.infer<typeof swapRecord>;

// ── POST /swap/submit (bearer) ───────────────────────────────────────────────────
export const swapSubmitRequest = lazySchema(() => z.object({
  /** The quote's `quoteToken`, as it came. */
  quoteToken: z
    .string({ error: 'quoteToken is required' })
    .min(1, 'quoteToken is required')
    .max(QUOTE_TOKEN_MAX, 'quoteToken is not a quote token'),
  /** The quote's transaction signed by the taker (desk and fee-payer slots empty), base64. */
  signedTransaction: base64Transaction,
}));
export type SwapSubmitRequest = z.infer<typeof swapSubmitRequest>;
export const swapSubmitResponse = lazySchema(() => z.object({
  swap: swapRecord,
  /** true: this quote was already submitted; `swap` is that first record ('You've already sent this request.'). */
  alreadySent: z.boolean(),
}));
export type SwapSubmitResponse = z.infer<typeof swapSubmitResponse>;

// ── GET /swaps and GET /admin/swaps ─────────────────────────────────────────────
/** Page size of swap lists: default 10, 1..50. */
export const SWAP_HISTORY_DEFAULT_SIZE = 10;
export const SWAP_HISTORY_MAX_SIZE = 50;

/**
 * The history filters, named and read like the owner order list: each applies only when set (empty = unset);
 * From/To are yyyy-MM-dd or ISO date-times on createdAt, To inclusive; From after To → 400
 * 'The start date cannot be after the end date.'. Changing a filter sends the user back to page 1 (the client's job).
 */
export const swapHistoryQuery = lazySchema(() => z.object({
  /** Default 1. */
  Page: optionalQueryNumber.pipe(z.number().int().min(1, 'Page must be 1 or more').optional()),
  /** Default 10, 1..50. */
  Size: optionalQueryNumber.pipe(
    z.number().int().min(1, `Size must be 1 to ${SWAP_HISTORY_MAX_SIZE}`).max(SWAP_HISTORY_MAX_SIZE, `Size must be 1 to ${SWAP_HISTORY_MAX_SIZE}`).optional(),
  ),
  /** A swap whose input or output is this token; All (or omitted) = every swap. */
  Asset: optionalQueryEnum(['All', ...SWAP_ASSETS] as const, 'Asset must be All, SOL, USDC or USDT'),
  /** 0 Processing, 1 Completed, 2 Failed; omitted = All. */
  Status: optionalQueryNumber.pipe(swapStatus.optional()),
  From: queryDate,
  To: queryDate,
  /** Text found in the swap's wallet address or txID (case-sensitive: base58). */
  SearchWallet: optionalQueryText,
}));
export type SwapHistoryQuery = z.input<typeof swapHistoryQuery>;
export type SwapHistoryFilters = z.output<typeof swapHistoryQuery>;
export const swapHistoryResponse = lazySchema(() => z.object({ data: z.array(swapRecord), total: z.number().int() }));
export type SwapHistoryResponse = z.infer<typeof swapHistoryResponse>;

// ── admin ────────────────────────────────────────────────────────────────────────
/**
 * PATCH /admin/swaps/{id} (admin): the status to move the record to, by an admin move of the swap state table
 * (@jelly/domain: Completed from Processing or Failed, Failed from Processing; anything else 409). Completed needs a
 * txID (sent here or already on the record) that the chain shows succeeded and moved the quoted output to the user;
 * otherwise 400. Written to the admin audit log.
 */
export const adminSwapUpdate = lazySchema(() => z.object({
  /** A transaction signature (base58); null clears it (not allowed with status 1). Omitted = unchanged. */
  txID: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'txID must be a transaction signature').nullable().optional(),
  status: swapStatus,
  reason: z.string().trim().min(SWAP_REASON_MIN, SWAP_REASON_LENGTH).max(SWAP_REASON_MAX, SWAP_REASON_LENGTH),
}));
export type AdminSwapUpdate = z.infer<typeof adminSwapUpdate>;

/** GET /admin/desk (admin): what the desk holds (read from chain) and what swapping earned it. */
export const deskInventory = lazySchema(() => z.object({
  wallet: walletAddress,
  balances: z.array(
    z.object({
      mint: walletAddress,
      symbol: z.string(),
      decimals: z.number().int(),
      /** Base units held now (SOL: lamports). */
      amount: baseUnits,
      /** At the feed's price; null without a price. */
      usdValue: decimalString.nullable(),
    }),
  ),
  /**
   * Profit and loss of completed swaps: per token, what the desk received minus what it paid (signed base units),
   * and their sum in USD at today's prices (the spread earned, less price moves of the inventory).
   */
  pnl: z.object({
    completedSwaps: z.number().int(),
    perToken: z.array(z.object({ mint: walletAddress, symbol: z.string(), decimals: z.number().int(), net: z.string().regex(/^-?\d+$/) })),
    usdValue: z.string().regex(/^-?\d{1,24}(\.\d{1,2})?$/).nullable(),
    /** Lamports the admin key spent on swap network fees (from the fee-payer ledger). */
    adminFeesLamports: baseUnits,
  }),
  /** The quoting settings in force. */
  settings: z.object({
    spreadBps: z.number().int(),
    quoteTtlSeconds: z.number().int(),
    minUsd: decimalString,
    maxUsd: decimalString,
    /** At most this share (bps) of the desk's balance of the output token in one quote. */
    maxInventoryShareBps: z.number().int(),
  }),
  asOf: isoDateTime,
}));
export type DeskInventory = z.infer<typeof deskInventory>;
