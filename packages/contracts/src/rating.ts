import { MAX_RATING, REVIEWS_PAGE_SIZE } from '@jelly/domain';
import { z } from 'zod';
import { isoDateTime, walletAddress } from './common.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Ratings, reviews, reports and blocks.
 * - A review: score 1–5 with a dealId: only a party of that Completed deal, once, about the other party.
 * - A report: score 0 with dealId null (the Report user modal): a non-blank comment ('Please provide a reason'),
 *   never about yourself, at most one per reporter and reported wallet in 24 hours (409 "You've already sent this
 *   request."). Reports are kept for the admins only: they never appear among reviews nor count in any average.
 */
export const ratingRequest = lazySchema(() => z.object({
  toWallet: walletAddress,
  score: z.number().int('Rating must be 1 to 5 stars').min(0).max(MAX_RATING, 'Rating must be 1 to 5 stars'),
  comment: z.string().max(1000, 'At most 1000 characters').default(''),
  /** The deal's order id; null for a report. Numeric strings are accepted. */
  dealId: z.coerce.number().int().positive().nullable(),
}));
export type RatingRequest = z.input<typeof ratingRequest>;

export const ratingResponse = lazySchema(() => z.object({
  id: z.string(),
  kind: z.enum(['review', 'report']),
}));
export type RatingResponse = z.infer<typeof ratingResponse>;

/** A review as read. */
export const review = lazySchema(() => z.object({
  id: z.string(),
  fromWallet: walletAddress,
  score: z.number().int(),
  comment: z.string(),
  dealId: z.number().int().positive(),
  createdAt: isoDateTime,
}));
export type Review = z.infer<typeof review>;

export const walletParams = lazySchema(() => z.object({ wallet: walletAddress }));

/** GET /rating/{wallet}/reviews?skip&take (public): reviews (never reports), newest first; take default 20, at most 50. */
export const reviewsQuery = lazySchema(() => z.object({
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(50).default(REVIEWS_PAGE_SIZE),
}));
export const reviewsResponse = lazySchema(() => z.object({
  reviews: z.array(review),
  /** All reviews of the wallet (the trader profile's reviews count). */
  total: z.number().int(),
  /** Average score of all of them; null without reviews. */
  averageScore: z.number().nullable(),
}));
export type ReviewsResponse = z.infer<typeof reviewsResponse>;

/**
 * GET /rating/{wallet}/summary (public) — the deal header's 'N Trades | Mon YYYY'.
 * `disputes` is the wire name for N (kept for compatibility): the number of the wallet's deals that ended Completed (the header reads
 * 'Trades'); `disputesOpened` counts the deals of this wallet that went to an admin (support requests).
 */
export const ratingSummaryResponse = lazySchema(() => z.object({
  disputes: z.number().int(),
  /** First sign-in of the wallet; null when it never signed in. */
  accountCreatedAt: isoDateTime.nullable(),
  disputesOpened: z.number().int(),
  reviewsCount: z.number().int(),
  /** Deals of the wallet (either party) that reached Completed: the header's N. */
  completedDeals: z.number().int(),
}));
export type RatingSummary = z.infer<typeof ratingSummaryResponse>;

/** GET /rating/order/{orderId}/status (bearer; parties and admins): party1 = the creator, party2 = the acceptor. */
export const orderReviewStatusResponse = lazySchema(() => z.object({
  party1Wallet: walletAddress.nullable(),
  party2Wallet: walletAddress.nullable(),
  /** party1's review of party2, null until written. */
  party1Review: review.nullable(),
  party2Review: review.nullable(),
}));
export type OrderReviewStatusResponse = z.infer<typeof orderReviewStatusResponse>;

/**
 * POST /user-bans/ban (bearer) — the Block user modal: the caller blocks a wallet (a per-user block list, not a
 * platform ban). A block works both ways: the two wallets cannot claim each other's offers.
 */
export const blockUserRequest = lazySchema(() => z.object({
  bannedWallet: walletAddress,
  reason: z.string().max(500, 'At most 500 characters'),
}));
export type BlockUserRequest = z.infer<typeof blockUserRequest>;
export const blockUserResponse = lazySchema(() => z.object({
  bannedWallet: walletAddress,
  /** false when this wallet was already blocked (the reason is updated). */
  created: z.boolean(),
}));
export type BlockUserResponse = z.infer<typeof blockUserResponse>;

/** GET /user-bans (bearer): the caller's block list, newest first. */
export const blockedUser = lazySchema(() => z.object({
  bannedWallet: walletAddress,
  reason: z.string(),
  createdAt: isoDateTime,
}));
export type BlockedUser = z.infer<typeof blockedUser>;
export const blockListResponse = lazySchema(() => z.object({ blocks: z.array(blockedUser) }));
export type BlockListResponse = z.infer<typeof blockListResponse>;

/** DELETE /user-bans/{bannedWallet} (bearer): unblock; 404 when the wallet is not on the caller's block list. */
export const unblockParams = lazySchema(() => z.object({ bannedWallet: walletAddress }));
export const unblockResponse = lazySchema(() => z.object({ bannedWallet: walletAddress, removed: z.literal(true) }));
export type UnblockResponse = z.infer<typeof unblockResponse>;

export const ratingPaths = {
  rating: '/rating',
  reviews: (wallet: string) => `/rating/${wallet}/reviews`,
  summary: (wallet: string) => `/rating/${wallet}/summary`,
  orderStatus: (orderId: number | string) => `/rating/order/${orderId}/status`,
  block: '/user-bans/ban',
  blocks: '/user-bans',
  unblock: (bannedWallet: string) => `/user-bans/${bannedWallet}`,
} as const;
