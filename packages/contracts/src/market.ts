import { PUBLIC_OFFERS_PAGE_SIZE } from '@jelly/domain';
import { z } from 'zod';
import { decimalString, order } from './orders.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * GET /platform/all-new-offers (bearer) and GET /platform/all-new-offers-unath (public): the market.
 * Query names. Every value is optional; unreadable paging falls back to the defaults and is
 * clamped (page ≥ 1, 1 ≤ size ≤ MARKET_MAX_PAGE_SIZE, page × size ≤ MARKET_COUNT_CAP).
 * - SortBy: 0 CreatedAt (default), 1 Price, 2 Amount (available, in whole tokens); ties by order id.
 * - Dir: 1 descending (default), 0 ascending.
 * - Side: 1 Buy offers, 0 Sell offers (the offer's side, not the visitor's).
 * - PriceFrom: price ≥ this (decimal). Fiat: a currency code. PaymentMethod: payment method ids, repeated
 *   (`PaymentMethod=sepa&PaymentMethod=revolut`) or comma-separated; an offer matches when it accepts any of them.
 * - TokenMint: an addition for the listing state's currentCoin.
 * The signed-in variant leaves out the caller's own offers (you cannot claim them) and offers whose regions
 * exclude the caller's country when it is known; the public one shows every active offer with something left.
 */
export const MARKET_MAX_PAGE_SIZE = 100;
/** Totals are counted up to this many rows; beyond it `total` is the cap and `totalIsCapped` is true. */
export const MARKET_COUNT_CAP = 1000;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const queryInt = lazySchema(() => z.preprocess(emptyToUndefined, z.coerce.number().optional()).catch(undefined));
const csvList = lazySchema(() => z.preprocess((v) => {
  const parts = (Array.isArray(v) ? v : v === undefined ? [] : [v]).flatMap((item) => String(item).split(','));
  const ids = parts.map((s) => s.trim()).filter((s) => s !== '' && s.toLowerCase() !== 'all');
  return ids.length > 0 ? ids : undefined;
}, z.array(z.string().max(64)).max(20).optional()));

/** A query number that must be one of `values` (anything else is a 400); the document lists them. */
const queryChoice = <const V extends readonly [number, number, ...number[]]>(values: V, description: string) =>
  z
    .preprocess(emptyToUndefined, z.coerce.number().pipe(z.literal(values)).optional())
    .meta({ type: 'integer', enum: [...values], description });

export const marketQuery = lazySchema(() => z.object({
  // Paging is clamped rather than refused; the document states the range the server applies.
  Page: queryInt.meta({ type: 'integer', minimum: 1, default: 1, description: 'Page number, from 1.' }),
  Size: queryInt.meta({
    type: 'integer',
    minimum: 1,
    maximum: MARKET_MAX_PAGE_SIZE,
    default: PUBLIC_OFFERS_PAGE_SIZE,
    description: `Offers per page, 1 to ${MARKET_MAX_PAGE_SIZE}; page × size stays within the first ${MARKET_COUNT_CAP} offers.`,
  }),
  SortBy: queryChoice([0, 1, 2], '0 created at (default), 1 price, 2 available amount; ties by order id.'),
  Dir: queryChoice([0, 1], '1 descending (default), 0 ascending.'),
  Side: queryChoice([0, 1], "1 buy offers, 0 sell offers (the offer's side)."),
  PriceFrom: z.preprocess(emptyToUndefined, decimalString.optional()),
  Fiat: z.preprocess(
    (v) => (v === '' || (typeof v === 'string' && v.toLowerCase() === 'all') ? undefined : v),
    z.string().regex(/^[A-Za-z]{3}$/, 'Fiat must be a 3-letter currency code').transform((s) => s.toUpperCase()).optional(),
  ),
  PaymentMethod: csvList,
  TokenMint: z.preprocess(emptyToUndefined, z.string().max(64).optional()),
}));
export type MarketQuery = z.input<typeof marketQuery>;
export type MarketFilters = z.output<typeof marketQuery>;

/** The advertiser's record shown in each market row (maintained counters, no per-row query). */
export const traderSummary = lazySchema(() => z.object({
  /** Deals that ended (Completed, Cancelled, Admin Resolved, Expired) with this wallet as a party. */
  trades: z.number().int(),
  completedTrades: z.number().int(),
  /** completedTrades / trades × 100 with 1 decimal; null before the first finished deal. */
  completionRate: z.number().nullable(),
}));
export type TraderSummary = z.infer<typeof traderSummary>;

export const marketOffer = lazySchema(() => order.extend({ creatorStats: traderSummary }));
export type MarketOffer = z.infer<typeof marketOffer>;

export const marketResponse = lazySchema(() => z.object({
  data: z.array(marketOffer),
  total: z.number().int(),
  totalCount: z.number().int(),
  /** true when there are more than MARKET_COUNT_CAP matches (total = the cap). */
  totalIsCapped: z.boolean(),
  page: z.number().int(),
  size: z.number().int(),
}));
export type MarketResponse = z.infer<typeof marketResponse>;
