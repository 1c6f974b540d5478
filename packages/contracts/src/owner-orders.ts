import { DEAL_STATUS_GROUP_NAMES } from '@jelly/domain';
import { z } from 'zod';
import { walletAddress } from './common.ts';
import { lazySchema } from './lazy-schema.ts';
import { optionalQueryEnum, optionalQueryNumber, optionalQueryText, order, queryDate, requestedStatus } from './orders.ts';

/** The owner order list (GET /platform/all-user-offers/{walletAddress}): its query, rows and answer. */

/** Which rows: `deals` (the wallet's deals in either role) or `offers` (its own offers); unset = both. */
export const USER_ORDER_KINDS = ['deals', 'offers'] as const;
/** The listed wallet's side of a row: buyer = fiat side (pays, receives the tokens), seller = crypto side. */
export const USER_ORDER_ROLES = ['buyer', 'seller'] as const;
export type UserOrderKind = (typeof USER_ORDER_KINDS)[number];
/**
 * An offer's state in the ad history: `active` = Active with something left to claim; `filled` = Active with nothing
 * left (all of it is claimed: in running or completed deals — it is active again if a deal is cancelled and the amount
 * returns); `cancelled` = withdrawn by its creator (any status other than Active).
 */
export const OFFER_STATES = ['active', 'filled', 'cancelled'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** Page size of the owner list: default 8, clamped to 1..50. */
export const USER_ORDERS_MAX_PAGE_SIZE = 50;

export const userOffersQuery = lazySchema(() => z.object({
  /** One exact status (0–8). */
  Status: optionalQueryNumber.pipe(requestedStatus.optional()),
  /**
   * A dashboard tab: processing = In Progress, Locked, Signed By One Party, Admin Resolving; completed = Completed,
   * Admin Resolved; cancelled = Cancelled, Expired (every deal status is in exactly one tab). Lists deals only: an
   * offer, Active or withdrawn, belongs to no tab.
   */
  StatusGroup: optionalQueryEnum(DEAL_STATUS_GROUP_NAMES, 'StatusGroup must be processing, completed or cancelled'),
  Kind: optionalQueryEnum(USER_ORDER_KINDS, 'Kind must be deals or offers'),
  /** Offers only (needs Kind=offers): active, filled or cancelled. */
  OfferStatus: optionalQueryEnum(OFFER_STATES, 'OfferStatus must be active, filled or cancelled'),
  TokenMint: optionalQueryText,
  /**
   * The token as the rows name it (one of tokenNames), whatever its mint: the dashboard's filters send this, so the
   * deals of a cluster's earlier mint list still match and the web app keeps no mint list of its own.
   */
  TokenName: optionalQueryText,
  FiatCode: optionalQueryText,
  /**
   * The listed wallet's role in the row (buyer or seller). A trader who claimed someone's Sell offer is buying, so
   * the dashboard's Buy / Sell filter of deals uses Role, not the offer's Side.
   */
  Role: optionalQueryEnum(USER_ORDER_ROLES, 'Role must be buyer or seller'),
  /** The row's offer side: 1 Buy, 0 Sell. */
  Side: optionalQueryNumber.pipe(z.union([z.literal(0), z.literal(1)], { error: 'Side must be 1 (Buy) or 0 (Sell)' }).optional()),
  /** Created at or after (a plain date: from its start, UTC). */
  From: queryDate,
  /** Created at or before (a plain date: until its end, UTC). */
  To: queryDate,
  /** 1 = newest first (default), 0 = oldest first. */
  Dir: optionalQueryNumber.pipe(z.union([z.literal(0), z.literal(1)], { error: 'Dir must be 1 (newest first) or 0 (oldest first)' }).optional()),
  /** Default 1; below 1 reads as 1. */
  Page: optionalQueryNumber,
  /** Default 8; clamped to 1..50. */
  Size: optionalQueryNumber,
}));
export type UserOffersQuery = z.infer<typeof userOffersQuery>;

/**
 * A row of the owner list: the order plus what the dashboard shows about it from the listed wallet's side.
 * Offers carry available (amount), filled (filledQuantity) and total (totalAmount) base units as every order does.
 */
export const userOrderRow = lazySchema(() => order.extend({
  kind: z.enum(['offer', 'deal']),
  /** The listed wallet's side: buyer = fiat side (pays, receives the tokens), seller = crypto side (locks them). */
  role: z.enum(USER_ORDER_ROLES),
  /** Deals: the other party. null for offers. */
  counterpartyWallet: walletAddress.nullable(),
  /** Offers: its state in the ad history. null for deals. */
  offerStatus: z.enum(OFFER_STATES).nullable(),
  /** Offers: how many deals were opened on it (any status). null for deals. */
  dealsCount: z.number().int().nullable(),
}));
export type UserOrderRow = z.infer<typeof userOrderRow>;

export const userOffersResponse = lazySchema(() => z.object({
  orders: z.array(userOrderRow),
  /** Every fiat code and token name of the wallet's whole history, whatever the filters (for the dropdowns). */
  fiatCodes: z.array(z.string()),
  tokenNames: z.array(z.string()),
  total: z.number().int(),
  totalCount: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
}));
export type UserOffersResponse = z.infer<typeof userOffersResponse>;
