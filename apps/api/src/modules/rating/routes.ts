import {
  blockUserRequest,
  blockUserResponse,
  orderParams,
  orderReviewStatusResponse,
  ratingRequest,
  ratingResponse,
  ratingSummaryResponse,
  reviewsQuery,
  reviewsResponse,
  walletParams,
} from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { blockUser } from './block-user.ts';
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
        security: bearer,
        body: ratingRequest,
        response: { 200: ratingResponse, ...errors },
      },
    },
    async (request) => {
      return submitRating({ db, now: config.now }, signedIn(request), request.body);
    },
  );

  app.get(
    '/rating/:wallet/reviews',
    {
      schema: {
        tags: ['rating'],
        summary: 'Reviews a wallet received, newest first (skip, take ≤ 50, default 20)',
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
        security: bearer,
        body: blockUserRequest,
        response: { 200: blockUserResponse, ...errors },
      },
    },
    async (request) => {
      return blockUser({ db, now: config.now }, signedIn(request), request.body);
    },
  );
};
