import {
  createOrderRequest,
  createOrderResponse,
  devFaucetRequest,
  devFaucetResponse,
  orderDetailsResponse,
  orderParams,
  orderPaths,
  paymentDetailsParams,
  paymentDetailsPaths,
  paymentDetailsResponse,
  setPaymentDetailsRequest,
  tradingStatsParams,
  tradingStatsResponse,
  updateOfferQuery,
  updateOfferResponse,
  userOffersParams,
  userOffersQuery,
  userOffersResponse,
} from '@jelly/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import type { PriceFeed } from '../prices/index.ts';
import { perUserPerMinute } from '../chat/index.ts';
import { cancelOrder } from './cancel-order.ts';
import { claimOffer } from './claim-offer.ts';
import { createOffer, type OrderContext } from './create-offer.ts';
import { devFaucet } from './dev-faucet.ts';
import { getOrder } from './get-order.ts';
import { getPaymentDetails } from './get-payment-details.ts';
import { setPaymentDetails } from './set-payment-details.ts';
import { listUserOrders } from './list-user-orders.ts';
import { tradingStats } from './trading-stats.ts';

export interface OrderRoutesOptions {
  priceFeed: PriceFeed;
  callerCountry: (request: FastifyRequest) => string | null;
}

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);
/** Offers and claims per wallet and minute, on top of the hourly limits (claim-limits.ts) that hold across replicas. */
const CREATE_ORDER_PER_MINUTE = 60;
/** Edits of an offer's payment details per wallet and minute: plenty for a person, a wall for a script. */
const SET_PAYMENT_DETAILS_PER_MINUTE = 10;

/** Offers and deals: create (offer or claim), cancel, read; a wallet's orders and trading stats; dev faucet. */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, { priceFeed, callerCountry }) => {
  const ctx: OrderContext = {
    db: app.db,
    chain: app.chain,
    priceFeed,
    now: app.config.now,
    claimLimits: app.config.claimLimits,
  };

  app.post(
    orderPaths.createOrder,
    {
      preHandler: app.authenticate,
      config: perUserPerMinute(CREATE_ORDER_PER_MINUTE),
      schema: {
        tags: ['orders'],
        summary: 'Create an offer, or claim one (parentOrderId set) — the claim creates the deal, In Progress',
        security: bearer,
        body: createOrderRequest,
        response: { 200: createOrderResponse, ...errors },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const { parentOrderId } = request.body;
      return parentOrderId == null
        ? createOffer(ctx, user, request.body)
        : claimOffer(ctx, { ...user, country: callerCountry(request) }, { ...request.body, parentOrderId });
    },
  );

  app.put(
    orderPaths.updateOffers,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Cancel an Active offer (creator) or an unlocked In Progress deal (either party)',
        security: bearer,
        querystring: updateOfferQuery,
        response: { 200: updateOfferResponse, ...errors },
      },
    },
    async (request) => cancelOrder(ctx, signedIn(request), request.query),
  );

  app.get(
    '/orders/:orderId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'One order: an offer (anyone) or a deal with its offer (its parties and admins)',
        security: bearer,
        params: orderParams,
        response: { 200: orderDetailsResponse, ...errors },
      },
    },
    async (request) => getOrder(app.db, signedIn(request), request.params.orderId, app.config.admin?.disputeSlaHours),
  );

  app.get(
    paymentDetailsPaths.ofOrder(':orderId'),
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: "Where the buyer pays: the seller's payment details (the seller; the buyer once the crypto is locked)",
        security: bearer,
        params: paymentDetailsParams,
        response: { 200: paymentDetailsResponse, ...errors },
      },
    },
    async (request, reply) => {
      // Private data: no shared or browser cache may keep a copy.
      void reply.header('cache-control', 'no-store');
      // The parties' door: an admin who is no party reads them through GET /admin/disputes/{id}/payment-details,
      // where every read is audited.
      return getPaymentDetails(app.db, { ...signedIn(request), isAdmin: false }, request.params.orderId);
    },
  );

  app.put(
    paymentDetailsPaths.ofOrder(':orderId'),
    {
      preHandler: app.authenticate,
      config: perUserPerMinute(SET_PAYMENT_DETAILS_PER_MINUTE),
      schema: {
        tags: ['orders'],
        summary: "Replace a Sell offer's payment details (its creator), or add them once to a Buy offer's deal that has none (its seller)",
        security: bearer,
        params: paymentDetailsParams,
        body: setPaymentDetailsRequest,
        response: { 200: paymentDetailsResponse, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return setPaymentDetails(ctx, signedIn(request), request.params.orderId, request.body);
    },
  );

  app.get(
    '/platform/all-user-offers/:walletAddress',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: "A wallet's offers and deals — the dashboard's order list and ad history (the wallet itself or an admin)",
        description: [
          'Rows: the wallet\'s own offers (parentOrderId null) and its deals in either role (parentOrderId set). Each row',
          'adds kind, role (buyer = fiat side, seller = crypto side, from the listed wallet\'s side), counterpartyWallet',
          '(deals), offerStatus and dealsCount (offers); paymentDeadline drives the deal countdown.',
          'Filters, each only when set: Status (0–8); StatusGroup processing (In Progress, Locked, Signed By One Party,',
          'Admin Resolving) | completed (Completed, Admin Resolved) | cancelled (Cancelled, Expired), deals only; Kind deals | offers;',
          'OfferStatus active | filled | cancelled (with Kind=offers only); TokenMint; FiatCode; Side; From/To (created,',
          'yyyy-MM-dd or ISO date-time, To inclusive; From after To → 400 \'The start date cannot be after the end date.\').',
          'Dir 1 newest first (default) or 0; Page default 1; Size default 8, clamped to 1..50.',
          'fiatCodes and tokenNames list the wallet\'s whole history whatever the filters. Another wallet\'s list → 403.',
        ].join(' '),
        security: bearer,
        params: userOffersParams,
        querystring: userOffersQuery,
        response: { 200: userOffersResponse, ...errors },
      },
    },
    async (request) => listUserOrders(app.db, signedIn(request), request.params.walletAddress, request.query),
  );

  app.get(
    '/platform/trading-stats/:walletAddress',
    {
      schema: {
        tags: ['orders'],
        summary: "A wallet's deal statistics — the trader profile (public)",
        description: [
          'Read from per-wallet counters kept in the same transaction as each deal move and review (constant cost).',
          'A failed deal counts only against the party at fault. completedDeals30d / completionRate30d cover the deals',
          'that ended in the last 30 UTC days (today and the 29 before); avgPaymentSeconds = escrow lock → marked paid',
          'over the deals the wallet paid (fiat side); avgReleaseSeconds = lock → completion; positiveFeedbackPercent =',
          'share of reviews with 4 or 5 stars; ratingAverage 1 decimal (both null without reviews; reports never count);',
          'firstTradeAt = when its first deal completed.',
        ].join(' '),
        params: tradingStatsParams,
        response: { 200: tradingStatsResponse, ...errorResponses(400) },
      },
    },
    async (request) => tradingStats(app.db, request.params.walletAddress, app.config.now()),
  );

  app.post(
    orderPaths.devFaucet,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Embedded localnet only: send 10 SOL, 1,000 USDC and 1,000 USDT to a wallet (404 elsewhere)',
        security: bearer,
        body: devFaucetRequest,
        response: { 200: devFaucetResponse, ...errors },
      },
    },
    async (request) => {
      signedIn(request);
      return devFaucet(app.chain, request.body.wallet);
    },
  );
};
