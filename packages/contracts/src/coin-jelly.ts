import { ALREADY_SENT_REQUEST, COIN_JELLY_PAGE_SIZE, JELLY_STAGE_NAMES } from '@jelly/domain';
import { z } from 'zod';
import { isoDateTime, walletAddress } from './common.ts';
import { swapStatus } from './swap.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Coin Jelly: the user sends one coin to a personal deposit address and receives another at a recipient address.
 *
 * Flow on the wire:
 * 1. GET  /coin-jelly/coins                → the currency-and-chain picker's entries.
 * 2. GET  /coin-jelly/quote?…              → both amounts, the rate, maxReceive and the rate's expiry (15 minutes).
 * 3. POST /coin-jelly/orders (bearer)      → reserves the order: fixes the quote and allocates its deposit address
 *                                            (never reused). The order is watched on chain from this moment.
 * 4. POST /coin-jelly/create-jelly (bearer) with the creation payload (companyWallet = that deposit address) records
 *    the user's 'I have sent the funds'. It never moves money; it makes the order Processing in the lists and makes
 *    the server look for the deposit at once. The identical request twice → 409 "You've already sent this request.".
 * 5. GET  /coin-jelly/orders/{id}          → the order with its timeline (poll it, or listen on the realtime socket).
 *
 * Amounts are decimal strings in whole coins ('100', '0.25'), with at most the coin's decimals; the server
 * computes in base units (bigint). Status is the swap record's number (0 Processing, 1 Completed, 2 Failed);
 * `stage` is the finer step shown on the timeline.
 */

// ── Coins and chains ────────────────────────────────────────────────────────────
export const JELLY_CHAINS = ['Solana', 'Bitcoin', 'Ethereum'] as const;
export const jellyChain = lazySchema(() => z.enum(JELLY_CHAINS, { error: 'Chain must be Solana, Bitcoin or Ethereum' }));
export type JellyChain = z.infer<typeof jellyChain>;

export const JELLY_COIN_CODES = ['SOL', 'USDC', 'USDT', 'BTC', 'ETH'] as const;
export const jellyCoinCode = lazySchema(() => z.enum(JELLY_COIN_CODES, { error: 'Coin must be one of SOL, USDC, USDT, BTC, ETH' }));
export type JellyCoinCode = z.infer<typeof jellyCoinCode>;

/** One picker entry: a coin on a chain (USDC on Solana and USDC elsewhere would be two entries). */
export const jellyCoin = lazySchema(() => z.object({
  /** The coin's code (the state's cryptoCurrencyCode). */
  currency: jellyCoinCode,
  /** The state's cryptoCurrencyChain. */
  chain: jellyChain,
  name: z.string(),
  decimals: z.number().int().min(0).max(18),
  /** The SPL mint on Solana tokens; null for native coins. */
  mint: z.string().nullable(),
  /** Icon URL; null → the picker's default icon. */
  iconSrc: z.string().nullable(),
  /** true when the desk pays this coin out by itself (Solana); false when an admin pays it out. */
  automatic: z.boolean(),
}));
export type JellyCoin = z.infer<typeof jellyCoin>;

/** GET /coin-jelly/coins (public). */
export const jellyCoinsResponse = lazySchema(() => z.object({ data: z.array(jellyCoin) }));
export type JellyCoinsResponse = z.infer<typeof jellyCoinsResponse>;

/** A coin amount typed by a person: digits with an optional decimal part (checked against decimals on the server). */
export const jellyAmount = lazySchema(() => z.string().trim().regex(/^\d{1,20}(\.\d{1,18})?$/, 'Amount must be a positive number'));

/** A chain address as typed; the server checks it for the chosen chain (Solana: on-curve only; BTC; ETH EIP-55). */
export const chainAddress = lazySchema(() => z.string().trim().min(1, 'Address is required').max(128, 'Address is too long'));

// ── Quote ───────────────────────────────────────────────────────────────────────
const pairFields = {
  sendCoin: jellyCoinCode,
  sendChain: jellyChain,
  receiveCoin: jellyCoinCode,
  receiveChain: jellyChain,
};
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Exactly one of amountUserSend (what the user sends) or amountUserWannaGet (what they want to receive). */
const oneAmount = <T extends { amountUserSend?: string | undefined; amountUserWannaGet?: string | undefined }>(q: T) =>
  (q.amountUserSend === undefined) !== (q.amountUserWannaGet === undefined);
export const ONE_AMOUNT_MESSAGE = 'Give either amountUserSend or amountUserWannaGet';

/** GET /coin-jelly/quote (public). */
export const jellyQuoteQuery = lazySchema(() => z
  .object({
    ...pairFields,
    amountUserSend: z.preprocess(emptyToUndefined, jellyAmount.optional()),
    amountUserWannaGet: z.preprocess(emptyToUndefined, jellyAmount.optional()),
    /** The recipient as typed so far: the quote then says whether it can receive the coin yet (recipientWarning). */
    recipientAddress: z.preprocess(emptyToUndefined, chainAddress.optional()),
  })
  .refine(oneAmount, { message: ONE_AMOUNT_MESSAGE }));
export type JellyQuoteQuery = z.input<typeof jellyQuoteQuery>;
export type JellyQuoteRequest = z.output<typeof jellyQuoteQuery>;

export const jellyQuote = lazySchema(() => z.object({
  sendCoin: jellyCoinCode,
  sendChain: jellyChain,
  receiveCoin: jellyCoinCode,
  receiveChain: jellyChain,
  amountUserSend: z.string(),
  amountUserWannaGet: z.string(),
  /** Receive coins per one send coin, after the spread. */
  rate: z.string(),
  /** The most the desk can pay out in the receive coin now (inventory, maximum). */
  maxReceive: z.string(),
  /** The smallest and largest send amounts accepted. */
  minSend: z.string(),
  maxSend: z.string(),
  /** The rate holds until then (15 minutes after the quote). */
  expireAt: isoDateTime,
  /**
   * Given a recipientAddress that has no token account for the receive coin: what the payout needs first, e.g.
   * 'This address has no USDC account: it needs one, about 0.002 SOL, paid by the recipient'. The user may still reserve.
   */
  recipientWarning: z.string().optional(),
}));
export type JellyQuote = z.infer<typeof jellyQuote>;

// ── Order (reserve) and the spec's creation payload ────────────────────────────
/** POST /coin-jelly/orders (bearer): fixes the quote and allocates the personal deposit address. */
export const reserveJellyRequest = lazySchema(() => z
  .object({
    ...pairFields,
    amountUserSend: jellyAmount.optional(),
    amountUserWannaGet: jellyAmount.optional(),
    /** Where the receive coin goes (the single entry of newUserWallets). */
    recipientAddress: chainAddress,
    /** Where a refund goes; defaults to the signed-in wallet when the send coin is on Solana. */
    refundAddress: chainAddress.optional(),
  })
  .refine(oneAmount, { message: ONE_AMOUNT_MESSAGE }));
export type ReserveJellyRequest = z.input<typeof reserveJellyRequest>;
export type ReserveJellyInput = z.output<typeof reserveJellyRequest>;

/** POST /coin-jelly/create-jelly (bearer): the user's 'I have sent the funds' on a reserved order. */
export const createJellyRequest = lazySchema(() => z.object({
  /** The send coin's code. */
  cryptoCurrencyFromUser: jellyCoinCode,
  /** The signed-in wallet (must match the token). */
  userWallet: walletAddress,
  /** The order's deposit address, as reserved. */
  companyWallet: chainAddress,
  /** Exactly one recipient address. */
  newUserWallets: z.array(chainAddress).length(1, 'Give exactly one recipient address'),
  newUserCrypto: jellyCoinCode,
  newUserCryptoChain: jellyChain,
  amountUserSend: jellyAmount,
  amountUserWannaGet: jellyAmount,
}));
export type CreateJellyRequest = z.infer<typeof createJellyRequest>;
export const JELLY_ALREADY_SENT = ALREADY_SENT_REQUEST;

// ── Order record and timeline ───────────────────────────────────────────────────
/**
 * The timeline's steps. Status 0 Processing covers every stage but these: completed → 1; refunded, expired,
 * failed → 2 (with a reason).
 */
export const JELLY_STAGES = JELLY_STAGE_NAMES;
export const jellyStage = lazySchema(() => z.enum(JELLY_STAGES));
export type JellyStage = z.infer<typeof jellyStage>;

/** A Coin Jelly order's status: a swap status (its stage decides which: the Coin Jelly state table). */
export const jellyStatus = lazySchema(() => swapStatus);
export type JellyStatus = z.infer<typeof jellyStatus>;

export const jellyActor = lazySchema(() => z.enum(['user', 'chain', 'system', 'admin']));
export type JellyActor = z.infer<typeof jellyActor>;

/** One timeline entry: what happened, when, and the chain evidence when there is some. */
export const jellyEvent = lazySchema(() => z.object({
  id: z.number().int().positive(),
  stage: jellyStage,
  /** e.g. 'deposit', 'payout', 'refund', 'sweep', 'choice', 'admin_update', 'sent_funds'. */
  kind: z.string(),
  actor: jellyActor,
  /** Transaction signature / txID, when the step has one. */
  signature: z.string().nullable(),
  slot: z.number().int().nullable(),
  /** Whole coins of the coin the step moved. */
  amount: z.string().nullable(),
  coin: jellyCoinCode.nullable(),
  note: z.string().nullable(),
  at: isoDateTime,
}));
export type JellyEvent = z.infer<typeof jellyEvent>;

/**
 * The question put to the user when the deposit differs from the quote, came after expiry, or came after the market
 * moved against the fixed rate by more than the price band ('rate_moved': exchangeAmount is what the same deposit
 * buys now, below the order's amountUserWannaGet).
 */
export const jellyChoiceKind = lazySchema(() => z.enum(['under', 'over', 'late', 'rate_moved']));
export type JellyChoiceKind = z.infer<typeof jellyChoiceKind>;
export const jellyPendingChoice = lazySchema(() => z.object({
  kind: jellyChoiceKind,
  /** Whole coins received so far (send coin). */
  received: z.string(),
  /** What 'exchange' would pay out now (receive coin, at the current rate). */
  exchangeAmount: z.string(),
  rate: z.string(),
  /** Where 'refund' sends the deposit back. */
  refundAddress: z.string(),
}));
export type JellyPendingChoice = z.infer<typeof jellyPendingChoice>;

/**
 * A send that waits for its recipient to open a token account for the coin (the platform never opens one): the
 * payout at deposit_detected (to the recipient), or the refund at refunding (to the refund address).
 */
export const jellyAccountWait = lazySchema(() => z.object({
  payment: z.enum(['payout', 'refund']),
  /** The wallet that must open the account. */
  address: z.string(),
  coin: jellyCoinCode,
  /** The coin's mint: the account to open is this address's associated token account for it. */
  mint: z.string(),
  since: isoDateTime,
}));
export type JellyAccountWait = z.infer<typeof jellyAccountWait>;

/** The swap record (id, txID, status) with everything the order screens show. */
export const jellyOrder = lazySchema(() => z.object({
  id: z.number().int().positive(),
  /** The payout's transaction id once sent; null before. */
  txID: z.string().nullable(),
  status: jellyStatus,
  stage: jellyStage,
  /** Why it Failed (refunded, expired, admin's reason); null otherwise. */
  reason: z.string().nullable(),
  userWallet: walletAddress,
  cryptoCurrencyFromUser: jellyCoinCode,
  sendChain: jellyChain,
  newUserCrypto: jellyCoinCode,
  newUserCryptoChain: jellyChain,
  /** The deposit address (companyWallet). */
  companyWallet: z.string(),
  newUserWallets: z.array(z.string()),
  refundAddress: z.string(),
  amountUserSend: z.string(),
  amountUserWannaGet: z.string(),
  rate: z.string(),
  /** Whole coins credited to the deposit address so far. */
  received: z.string(),
  /** A payment link for wallets and the QR code (Solana Pay for Solana coins, BIP-21 / EIP-681 elsewhere). */
  paymentUri: z.string(),
  /** true once the user pressed 'I have sent the funds' (create-jelly). */
  userConfirmedSent: z.boolean(),
  pendingChoice: jellyPendingChoice.nullable(),
  /** The payout or refund waits for its recipient's token account; null (or absent) when it does not. */
  waitingForAccount: jellyAccountWait.nullable().optional(),
  automatic: z.boolean(),
  expireAt: isoDateTime,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  events: z.array(jellyEvent),
}));
export type JellyOrder = z.infer<typeof jellyOrder>;

/** GET /coin-jelly/orders/{id} (bearer: the order's wallet or an admin). */
export const jellyOrderParams = lazySchema(() => z.object({ id: z.coerce.number().int().positive('Order id must be positive') }));

/** POST /coin-jelly/orders/{id}/choice (bearer, the order's wallet): answer the pending choice (any kind). */
export const jellyChoiceRequest = lazySchema(() => z.object({ choice: z.enum(['exchange', 'refund'], { error: "Choice must be 'exchange' or 'refund'" }) }));
export type JellyChoiceRequest = z.infer<typeof jellyChoiceRequest>;

// ── Lists ───────────────────────────────────────────────────────────────────────
/** A list row: the order without its timeline. */
export const jellyListItem = lazySchema(() => jellyOrder.omit({ events: true }));
export type JellyListItem = z.infer<typeof jellyListItem>;
export const jellyListResponse = lazySchema(() => z.object({ data: z.array(jellyListItem), total: z.number().int().min(0) }));
export type JellyListResponse = z.infer<typeof jellyListResponse>;

export const JELLY_MAX_PAGE_SIZE = 100;
export const JELLY_DEFAULT_PAGE_SIZE = COIN_JELLY_PAGE_SIZE;
const queryInt = lazySchema(() => z.preprocess(emptyToUndefined, z.coerce.number().int().optional()).catch(undefined));
const sortBy = lazySchema(() => z.preprocess(emptyToUndefined, z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])).optional()));
const dir = lazySchema(() => z.preprocess(emptyToUndefined, z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])).optional()));
/** 'All' (any case) or empty → no filter. */
const allToUndefined = (v: unknown) => (v === '' || v === null || (typeof v === 'string' && v.toLowerCase() === 'all') ? undefined : v);
const assetFilter = lazySchema(() => z.preprocess(allToUndefined, z.enum(['SOL', 'USDC', 'USDT'], { error: 'Asset must be All, SOL, USDC or USDT' }).optional()));
const statusFilter = lazySchema(() => z.preprocess(allToUndefined, z.coerce.number().pipe(jellyStatus).optional()));
const isoDate = lazySchema(() => z.preprocess(emptyToUndefined, z.iso.date('Dates are yyyy-MM-dd').optional()));
const searchWallet = lazySchema(() => z.preprocess(emptyToUndefined, z.string().trim().max(128).optional()));

/**
 * The user's orders: GET /coin-jelly/user-orders (bearer). Query names as the web app sends them.
 * SortBy 0 CreatedAt (default), 1 amountUserSend; Dir 1 descending (default), 0 ascending; Size 20 by default.
 * Asset is the send or receive coin (omitted for All); Status 0/1/2. DateFrom is inclusive, DateTo EXCLUSIVE
 * (the client sends the picked end date shifted forward one day). SearchWallet matches the deposit, recipient or
 * refund address (substring). userWallet, when given, must be the caller's own wallet.
 */
export const jellyUserOrdersQuery = lazySchema(() => z.object({
  Page: queryInt,
  Size: queryInt,
  SortBy: sortBy,
  Dir: dir,
  userWallet: z.preprocess(emptyToUndefined, walletAddress.optional()),
  Asset: assetFilter,
  Status: statusFilter,
  DateFrom: isoDate,
  DateTo: isoDate,
  SearchWallet: searchWallet,
}));
export type JellyUserOrdersQuery = z.input<typeof jellyUserOrdersQuery>;
export type JellyUserOrdersFilters = z.output<typeof jellyUserOrdersQuery>;

/**
 * GET /coin-jelly/jelly-history (admin): every order. Same meanings as the user's list (dateTo exclusive);
 * searchWallet also matches the user's wallet.
 */
export const jellyHistoryQuery = lazySchema(() => z.object({
  page: queryInt,
  size: queryInt,
  sortBy,
  dir,
  asset: assetFilter,
  status: statusFilter,
  dateFrom: isoDate,
  dateTo: isoDate,
  searchWallet,
}));
export type JellyHistoryQuery = z.input<typeof jellyHistoryQuery>;
export type JellyHistoryFilters = z.output<typeof jellyHistoryQuery>;
