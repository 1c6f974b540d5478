import {
  blockListResponse,
  blockUserRequest,
  blockUserResponse,
  orderParams,
  orderReviewStatusResponse,
  ratingRequest,
  ratingResponse,
  ratingSummaryResponse,
  reviewsQuery,
  reviewsResponse,
  unblockParams,
  unblockResponse,
  walletParams,
} from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { blockUser, listBlocks, unblockUser } from './block-user.ts';
import { orderReviewStatus } from './order-review-status.ts';
import { listReviews } from './list-reviews.ts';
import { ratingSummary } from './rating-summary.ts';
import { submitRating } from './submit-rating.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Ratings and reviews, user reports, the deal's review status, user blocks. */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  app.post(
    '/rating',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['rating'],
        summary: 'Review the counterparty of a completed deal (score 1–5), or report a user (score 0, dealId null)',
        description: [
          'Review: only a party of that Completed deal, about the other party, once (409 when repeated).',
          "Report: score 0 and dealId null; the comment must be non-blank ('Please provide a reason'), never about",
          "yourself; one per reported wallet in 24 hours (409 \"You've already sent this request.\"); at most REPORT_MAX_PER_DAY",
          'reports per wallet per UTC day (429, with the time it resets). Reports are kept for the admins only: they never',
          'appear among reviews nor count in any average.',
        ].join(' '),
        security: bearer,
        body: ratingRequest,
        response: { 200: ratingResponse, ...errors },
      },
    },
    async (request) => {
      return submitRating({ db, now: config.now, limits: config.ratingLimits }, signedIn(request), request.body);
    },
  );

  app.get(
    '/rating/:wallet/reviews',
    {
      schema: {
        tags: ['rating'],
        summary: 'Reviews a wallet received, newest first (skip, take ≤ 50, default 20); reports are never listed',
        description: 'Each review: id, fromWallet, score 1–5, comment, dealId, createdAt. total and averageScore count reviews only.',
        params: walletParams,
        querystring: reviewsQuery,
        response: { 200: reviewsResponse, ...errorResponses(400) },
      },
    },
    async (request) => listReviews(db, request.params.wallet, request.query),
  );

  app.get(
    '/rating/:wallet/summary',
    {
      schema: {
        tags: ['rating'],
        summary: "The deal header's 'N Trades | Mon YYYY': completed deals and the account creation date",
        description:
          'completedDeals (and disputes, its older name) = the deals of the wallet that reached Completed; accountCreatedAt = first sign-in (null without); disputesOpened = its deals taken to the admins; reviewsCount = reviews received.',
        params: walletParams,
        response: { 200: ratingSummaryResponse, ...errorResponses(400) },
      },
    },
    async (request) => ratingSummary(db, request.params.wallet),
  );

  app.get(
    '/rating/order/:orderId/status',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['rating'],
        summary: "Which party reviewed the deal (party1 = creator, party2 = acceptor); parties and admins",
        security: bearer,
        params: orderParams,
        response: { 200: orderReviewStatusResponse, ...errors },
      },
    },
    async (request) => {
      const user = signedIn(request);
      return orderReviewStatus(db, user, request.params.orderId);
    },
  );

  app.post(
    '/user-bans/ban',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['rating'],
        summary: 'Block a user (your own block list: you cannot claim each other’s offers)',
        description:
          "reason must be non-blank ('Please provide a reason'); not yourself. Blocking again keeps one entry (created: false) and updates the reason. At most BLOCK_MAX_PER_DAY new entries per wallet per UTC day (429, with the time it resets). The market hides each other's offers from both wallets.",
        security: bearer,
        body: blockUserRequest,
        response: { 200: blockUserResponse, ...errors },
      },
    },
    async (request) => {
      return blockUser({ db, now: config.now, limits: config.ratingLimits }, signedIn(request), request.body);
    },
  );

  app.get(
    '/user-bans',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['rating'],
        summary: 'Your block list (bannedWallet, reason, createdAt), newest first',
        security: bearer,
        response: { 200: blockListResponse, ...errors },
      },
    },
    async (request) => listBlocks({ db }, signedIn(request)),
  );

  app.delete(
    '/user-bans/:bannedWallet',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['rating'],
        summary: 'Unblock a wallet you blocked (404 when it is not on your block list)',
        description: 'Claims and market offers between the two open again unless the other wallet blocked you too.',
        security: bearer,
        params: unblockParams,
        response: { 200: unblockResponse, ...errors },
      },
    },
    async (request) => unblockUser({ db }, signedIn(request), request.params),
  );
};
