import {
  MAX_PAYMENT_METHODS,
  MAX_PAYMENT_WINDOW_MINUTES,
  MIN_PAYMENT_WINDOW_MINUTES,
  ORDER_STATUSES,
} from '@jelly/domain';
import { z } from 'zod';
import { isoDateTime, walletAddress } from './common.ts';
import { paymentDetailsInput } from './payment-details.ts';
import { lazySchema } from './lazy-schema.ts';
import { supportCase } from './support-case.ts';

/**
 * Orders: one row per OFFER (parentOrderId null) and per DEAL (a claim on an offer, parentOrderId = the offer).
 *
 * Wire format:
 * - token amounts are integer strings in BASE UNITS (amount × 10^tokenDecimal), e.g. 40 USDC = '40000000';
 * - prices and fiat amounts are decimal strings ('0.92', '150.5');
 * - statuses (0–8) and sides (1 Buy, 0 Sell) are numbers; order ids are positive integers.
 */

/** A non-negative integer in base units, as a string (no sign, no decimals, at most 39 digits). */
export const baseUnits = lazySchema(() => z.string().regex(/^\d{1,39}$/, 'Must be a whole number of base units'));
/** A non-negative decimal string: digits with an optional decimal part ('10', '0.5'). */
export const decimalString = lazySchema(() => z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, 'Must be a decimal number'));

/** The escrow program stores token amounts and fiat cents as u64. */
export const U64_MAX = 18_446_744_073_709_551_615n;
export const TOKEN_AMOUNT_TOO_LARGE = `Amount is too large: at most ${U64_MAX} base units`;
/** u64 cents, which also fits the database's numeric(20,2) fiat columns. */
export const MAX_FIAT_AMOUNT = '184467440737095516.15';
export const FIAT_AMOUNT_TOO_LARGE = `Fiat amount is too large: at most ${MAX_FIAT_AMOUNT}`;
export const OFFER_VALUE_TOO_LARGE = `The offer is too large: its total value (amount × price) must be at most ${MAX_FIAT_AMOUNT} so the escrow can lock it`;

/** Base units an escrow can lock (fits u64). */
export const lockableBaseUnits = lazySchema(() => baseUnits.refine((s) => !/^\d+$/.test(s) || BigInt(s) <= U64_MAX, TOKEN_AMOUNT_TOO_LARGE));

/** Fiat amount × 100, rounded up, as whole cents. */
function fiatCents(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  const cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return /[1-9]/.test(fraction.slice(2)) ? cents + 1n : cents;
}
/** A fiat amount whose cents fit the escrow's u64 (and so the database column). */
export const lockableFiatAmount = lazySchema(() => decimalString.refine(
  (s) => !/^\d+(\.\d+)?$/.test(s) || fiatCents(s) <= U64_MAX,
  FIAT_AMOUNT_TOO_LARGE,
));
/** A signed decimal string (premium percentages may be negative: '-1.5'). */
export const signedDecimalString = lazySchema(() => z.string().regex(/^-?\d{1,6}(\.\d{1,6})?$/, 'Must be a decimal number'));
/** An order id: a positive integer (also accepted as a numeric string in queries and paths). */
export const orderId = lazySchema(() => z.coerce.number().int('Order id must be an integer').positive('Order id must be positive'));
/** ISO 4217 alphabetic code. */
export const fiatCode = lazySchema(() => z.string().regex(/^[A-Za-z]{3}$/, 'Must be a 3-letter currency code').transform((s) => s.toUpperCase()));
/** ISO 3166-1 alpha-2 code (checked against the catalogue on the server). */
export const countryCode = lazySchema(() => z.string().regex(/^[A-Za-z]{2}$/, 'Must be a 2-letter country code').transform((s) => s.toUpperCase()));

export const offerSide = lazySchema(() => z.union([z.literal(0), z.literal(1)], { error: 'Side must be 1 (Buy) or 0 (Sell)' }));
/** A status the API answers with. */
export const orderStatus = lazySchema(() => z.literal(ORDER_STATUSES));
/** A status the client sends: the range checks give the messages, the literal step types it as an OrderStatus. */
/** A status as a request names it (a number 0–8). */
export const requestedStatus = lazySchema(() => z.number().int().min(0).max(8).pipe(orderStatus));
export const priceType = lazySchema(() => z.enum(['fixed', 'floating']));
export type PriceType = z.infer<typeof priceType>;

export const orderPaymentMethod = lazySchema(() => z.object({ id: z.string(), name: z.string() }));
export type OrderPaymentMethod = z.infer<typeof orderPaymentMethod>;

/** The off-chain order record, plus the extra fields the screens need. */
export const order = lazySchema(() => z.object({
  orderId: z.number().int().positive(),
  /** null for an offer; the offer's id for a deal. */
  parentOrderId: z.number().int().positive().nullable(),
  creatorWallet: walletAddress,
  /** The claimer of a deal; null for offers. */
  acceptorWallet: walletAddress.nullable(),
  tokenMint: z.string(),
  tokenName: z.string(),
  tokenDecimal: z.number().int(),
  /** Offer: still available (base units). Deal: the deal's amount (base units). */
  amount: baseUnits,
  /** Offer: the sum of completed deals (base units). Deal: equal to amount once Completed, else '0'. */
  filledQuantity: baseUnits,
  /** Offer: the original total (base units). Deal: equal to amount. */
  totalAmount: baseUnits,
  /** Fiat per whole token. For floating offers: the market price × (1 + premium%) as last refreshed. */
  price: decimalString,
  priceType,
  /** Floating offers only: the premium over the market price, in percent (may be negative). */
  premiumPercent: signedDecimalString.nullable(),
  minFiatAmount: decimalString,
  maxFiatAmount: decimalString,
  fiatCode: z.string(),
  /** Deals: amount × price × 100, rounded half-up (the escrow's fiat_amount). null for offers. */
  fiatAmountCents: z.string().regex(/^\d+$/).nullable(),
  offerSide: z.number().int(),
  status: orderStatus,
  paymentMethods: z.array(orderPaymentMethod),
  paymentWindowMinutes: z.number().int(),
  /** ISO 3166-1 alpha-2 codes; empty = every country. */
  visibleInCountries: z.array(z.string()),
  autoReply: z.string(),
  orderDescription: z.string(),
  tags: z.array(z.string()),
  minAccountAgeDays: z.number().int(),
  /** Deals: when the deal was created (the payment window starts). null for offers. */
  dealStartTime: isoDateTime.nullable(),
  /** Deals: dealStartTime + paymentWindowMinutes. null for offers. */
  paymentDeadline: isoDateTime.nullable(),
  /** On-chain FillTicket id: 1 for offers (the default), the deal's own order id for deals. */
  ticketId: z.number().int(),
  lockedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
}));
export type Order = z.infer<typeof order>;

const text = (max: number) => z.string().max(max, `At most ${max} characters`);

/**
 * POST /orders/create-order — body fields. Two uses:
 * - OFFER (parentOrderId null/absent): the creator is the signed-in wallet. `amount` is the total in base units;
 *   tokenMint, fiatCode, price (or priceType 'floating' + premiumPercent), minFiatAmount, maxFiatAmount,
 *   paymentMethodIds (1–5), orderSide and paymentWindowMinutes are required.
 * - CLAIM (parentOrderId set): creates the deal (InProgress) with the signed-in wallet as acceptor; only `amount`
 *   (base units) is needed, every other field is taken from the offer (when sent, they must match it).
 * `status` is never trusted: when sent it must be 0 for an offer and 1 for a claim. `creatorWallet` /
 * `acceptorWallet` / `tokenDecimal` / `tokenName`, when sent, must match what the server derives.
 * priceType, premiumPercent, tags and paymentDetails are additions the place-order draft needs.
 */
export const createOrderRequest = lazySchema(() => z
  .object({
    parentOrderId: orderId.nullish(),
    amount: lockableBaseUnits,
    minFiatAmount: lockableFiatAmount.optional(),
    maxFiatAmount: lockableFiatAmount.optional(),
    status: z.number().int().optional(),
    fiatCode: fiatCode.optional(),
    tokenMint: walletAddress.optional(),
    paymentMethodIds: z.array(z.string().min(1).max(64)).max(20).optional(),
    price: decimalString.optional(),
    priceType: priceType.optional(),
    premiumPercent: signedDecimalString.nullish(),
    orderSide: offerSide.optional(),
    paymentWindowMinutes: z.number().int().optional(),
    visibleInCountries: z.array(countryCode).max(300).optional(),
    autoReply: text(500).optional(),
    orderDescription: text(2000).optional(),
    tags: z.array(z.string().trim().min(1).max(32)).max(10).optional(),
    /**
     * Where the buyer pays, per payment method (private, see payment-details.ts): with a new Sell offer (optional), or
     * with a claim of a Buy offer (required: the claimer sells). The server refuses them anywhere else.
     */
    paymentDetails: paymentDetailsInput.optional(),
    creatorWallet: walletAddress.nullish(),
    acceptorWallet: walletAddress.nullish(),
    tokenDecimal: z.number().int().min(0).max(30).optional(),
    tokenName: z.string().max(64).optional(),
    minUserAccountAgeDays: z.number().int().min(0).max(3650).optional(),
    /** Ignored (the server sets the deal start); accepted because existing clients send it. */
    dealStartTime: z.string().nullish(),
    /**
     * A claim only: the price per token its total was shown at. The deal is made at this price or refused (409) when
     * the offer's price has moved since; without it the deal takes the price of the moment.
     */
    quotedPrice: decimalString.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.parentOrderId != null) return;
    const need = (field: keyof typeof body, message: string) => {
      if (body[field] === undefined || body[field] === null) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    need('tokenMint', 'Select an asset');
    need('fiatCode', 'Select a currency');
    need('orderSide', 'Side must be 1 (Buy) or 0 (Sell)');
    need('minFiatAmount', 'Enter a limit of 0 or more');
    need('maxFiatAmount', 'Enter a limit of 0 or more');
    need('paymentWindowMinutes', `Payment time limit must be ${MIN_PAYMENT_WINDOW_MINUTES} to ${MAX_PAYMENT_WINDOW_MINUTES} minutes`);
    need('paymentMethodIds', 'Select at least one payment method');
    if ((body.priceType ?? 'fixed') === 'fixed') need('price', 'Enter a price above 0');
    else need('premiumPercent', 'Enter the premium over the market price');
    if (body.paymentMethodIds && body.paymentMethodIds.length > MAX_PAYMENT_METHODS) {
      ctx.addIssue({ code: 'custom', path: ['paymentMethodIds'], message: `Select at most ${MAX_PAYMENT_METHODS} payment methods` });
    }
  }));
export type CreateOrderRequest = z.input<typeof createOrderRequest>;
export type CreateOrderInput = z.output<typeof createOrderRequest>;

export const createOrderResponse = lazySchema(() => z.object({ orderId: z.number().int().positive() }));
export type CreateOrderResponse = z.infer<typeof createOrderResponse>;

/**
 * PUT /orders/update-offers?orderId=&orderStatus= (bearer). The caller may only:
 * - cancel (4) an Active offer they created (its open deals keep going);
 * - cancel (4) an InProgress deal (not locked) they are a party of (the amount goes back to the offer).
 * Every other transition is made by the server from what the chain shows: 409.
 */
export const updateOfferQuery = lazySchema(() => z.object({
  orderId,
  orderStatus: z.coerce.number().pipe(requestedStatus),
}));
export type UpdateOfferQuery = z.infer<typeof updateOfferQuery>;
export const updateOfferResponse = lazySchema(() => z.object({ orderId: z.number().int().positive(), status: orderStatus }));
export type UpdateOfferResponse = z.infer<typeof updateOfferResponse>;

/** GET /orders/{orderId} (bearer): offers are visible to everyone; deals only to their two parties and admins. */
export const orderParams = lazySchema(() => z.object({ orderId }));
/** How an admin ended a deal: who received the tokens (the buyer = fiat side, or back to the seller) and why. */
export const adminResolution = lazySchema(() => z.object({
  releasedTo: z.enum(['buyer', 'seller']),
  reason: z.string().nullable(),
  resolvedAt: isoDateTime,
}));
export type AdminResolution = z.infer<typeof adminResolution>;

/**
 * A payout the server sends (the payment-window refund to the seller, or an admin's decision) that waits because the
 * recipient has no token account for the deal's coin: the platform never opens one with its SOL. The recipient opens
 * it from their own wallet, then POST /deals/{orderId}/payout/retry sends the waiting payout at once.
 */
export const payoutWait = lazySchema(() => z.object({
  /** 'seller': a refund; 'buyer': a release after an admin's decision. */
  recipient: z.enum(['buyer', 'seller']),
  /** The coin whose associated token account the recipient must open. */
  mint: z.string(),
  since: isoDateTime,
}));
export type PayoutWait = z.infer<typeof payoutWait>;

export const orderDetailsResponse = lazySchema(() => order.extend({
  /** For a deal: its offer (available amount, limits, …). null for an offer. */
  parentOffer: order.nullable(),
  /** For a deal an admin resolved: the decision both parties see. Absent or null otherwise. */
  adminResolution: adminResolution.nullable().optional(),
  /** For a deal in dispute: when it was opened and when the admins aim to have decided it (the SLA clock). */
  dispute: z.object({ openedAt: isoDateTime, slaDueAt: isoDateTime }).nullable().optional(),
  /** For a deal whose refund or release waits for the recipient's token account (both parties see it). */
  waitingForAccount: payoutWait.nullable().optional(),
  /** For a deal that ended: the latest support case opened on it (open, or closed with the admin's reason). */
  supportCase: supportCase.nullable().optional(),
}));
export type OrderDetails = z.infer<typeof orderDetailsResponse>;

/**
 * GET /platform/all-user-offers/{walletAddress} (bearer; the wallet itself or an admin, anyone else 403).
 *
 * Rows: the wallet's OFFERS (parentOrderId null, creatorWallet = the wallet: its ad history) and its DEALS
 * (parentOrderId set, the wallet is either party: creatorWallet is copied from the offer, acceptorWallet is the
 * claimer). Each filter applies only when set; together they all apply. From > To → 400
 * 'The start date cannot be after the end date.'; unreadable values → 400.
 */
export const userOffersParams = lazySchema(() => z.object({ walletAddress }));
export const emptyAsUnset = (v: unknown) => (v === '' || v === undefined ? undefined : v);
export const optionalQueryNumber = lazySchema(() => z.preprocess(emptyAsUnset, z.coerce.number().int().optional()));
export const optionalQueryText = lazySchema(() => z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64).optional()));
export const optionalQueryEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(emptyAsUnset, z.enum(values, { error: message }).optional());
/** yyyy-MM-dd or an ISO date-time. `To` is inclusive (a plain date covers its whole day, UTC). */
export const queryDate = lazySchema(() => z.preprocess(
  emptyAsUnset,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'Must be a date (yyyy-MM-dd) or ISO date-time')
    .refine((text) => !Number.isNaN(new Date(/T/.test(text) ? text : `${text}T00:00:00.000Z`).getTime()) && realCalendarDay(text), 'Must be a real date')
    .optional(),
));
/** 2024-02-30 parses in JavaScript (as March 1st); the listed day must exist. */
function realCalendarDay(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Why there are no test funds here: the server uses a cluster it did not start (SOLANA_RPC_URL), whose coins it
 * cannot mint. The API's 404 and the web app's disabled button say the same.
 */
export const TEST_FUNDS_UNAVAILABLE =
  "Test funds are not available on this server: it uses an external Solana cluster, not the embedded localnet. Get test SOL and tokens from that cluster's own faucet.";

/** POST /platform/dev/faucet (embedded localnet only; 404 with TEST_FUNDS_UNAVAILABLE elsewhere). */
export const devFaucetRequest = lazySchema(() => z.object({ wallet: walletAddress }));
export const devFaucetResponse = lazySchema(() => z.object({
  wallet: walletAddress,
  /** Lamports sent. */
  sol: baseUnits,
  /** Per token symbol, base units sent. */
  tokens: z.record(z.string(), baseUnits),
  signatures: z.array(z.string()),
}));
export type DevFaucetResponse = z.infer<typeof devFaucetResponse>;

/** Paths of the order, market and price endpoints (relative to API_PREFIX). */
export const orderPaths = {
  createOrder: '/orders/create-order',
  updateOffers: '/orders/update-offers',
  order: (id: number | string) => `/orders/${id}`,
  marketSignedIn: '/platform/all-new-offers',
  marketPublic: '/platform/all-new-offers-unath',
  /** One offer as the signed-out market shows it (a shared link opened by a visitor). */
  publicOffer: (id: number | string) => `/platform/offer-unath/${id}`,
  userOffers: (wallet: string) => `/platform/all-user-offers/${wallet}`,
  tradingStats: (wallet: string) => `/platform/trading-stats/${wallet}`,
  priceValidation: '/platform/price-validation',
  devFaucet: '/platform/dev/faucet',
} as const;
