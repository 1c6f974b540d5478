import {
  confirmJellyDepositRequest,
  createJellyRequest,
  jellyAdminQueueResponse,
  jellyChoiceRequest,
  jellyCoinsResponse,
  jellyHistoryQuery,
  jellyListResponse,
  jellyOrder,
  jellyOrderParams,
  jellyQuote,
  jellyQuoteQuery,
  jellyUserOrdersQuery,
  reserveJellyRequest,
  updateJellyRequest,
} from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { jellyAdminQueue } from './admin-queue.ts';
import { checkJellyAccount } from './check-account.ts';
import { chooseJelly } from './choose.ts';
import { jellyCoins } from './coins.ts';
import { confirmJellyDeposit } from './confirm-deposit.ts';
import { createJelly } from './create-jelly.ts';
import { listJellyHistory, listUserJelly } from './list-orders.ts';
import { getJellyOrder } from './order-view.ts';
import { quoteJelly } from './quote.ts';
import { recipientWarning } from './recipient-account.ts';
import { reserveJellyOrder } from './reserve-order.ts';
import { updateJelly } from './update-jelly.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const tags = ['coin-jelly'];

/** Coin Jelly: quote, reserve an order with its deposit address, 'I have sent the funds', lists, choice, admin. */
export const coinJellyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => {
    if (!app.coinJelly) throw new AppError('SERVICE_UNAVAILABLE', 'Coin Jelly is not available on this server.');
    return app.coinJelly;
  };

  app.get('/coin-jelly/coins', { schema: { tags, summary: 'The coins and chains of the picker', response: { 200: jellyCoinsResponse } } }, async () => ({
    data: [...jellyCoins(app.config.stablecoinMints)],
  }));

  app.get(
    '/coin-jelly/quote',
    {
      config: perMinute(120),
      schema: { tags, summary: 'Quote a pair from either amount (rate fixed 15 minutes once reserved)', querystring: jellyQuoteQuery, response: { 200: jellyQuote, ...errors } },
    },
    async (request) => {
      const { ctx } = service();
      const quote = await quoteJelly(ctx, request.query);
      const warning = ctx.chain ? await recipientWarning(ctx.chain.connection, quote.receive, request.query.recipientAddress) : undefined;
      return warning ? { ...quote.wire, recipientWarning: warning } : quote.wire;
    },
  );

  app.post(
    '/coin-jelly/orders',
    {
      preHandler: app.authenticate,
      config: perMinute(20),
      schema: { tags, summary: 'Reserve an order: fix the quote and get a personal deposit address (at most COIN_JELLY_MAX_ORDERS_PER_DAY per wallet per UTC day: 429)', security: bearer, body: reserveJellyRequest, response: { 200: jellyOrder, ...errors } },
    },
    async (request) => {
      const { ctx, watcher } = service();
      const order = await reserveJellyOrder(ctx, signedIn(request), request.body);
      await watcher.watch(order.id);
      return order;
    },
  );

  app.post(
    '/coin-jelly/create-jelly',
    {
      preHandler: app.authenticate,
      config: perMinute(30),
      schema: {
        tags,
        summary: "'I have sent the funds' on a reserved order (the identical request twice → 409)",
        security: bearer,
        body: createJellyRequest,
        response: { 200: jellyOrder, ...errors },
      },
    },
    async (request) => {
      const { ctx, watcher } = service();
      return createJelly(ctx, signedIn(request), request.body, (address) => watcher.lookNow(address));
    },
  );

  app.get(
    '/coin-jelly/orders/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'An order with its timeline', security: bearer, params: jellyOrderParams, response: { 200: jellyOrder, ...errors } } },
    async (request) => getJellyOrder(service().ctx.db, service().ctx.coins, signedIn(request), request.params.id),
  );

  app.post(
    '/coin-jelly/orders/:id/choice',
    {
      preHandler: app.authenticate,
      config: perMinute(30),
      schema: {
        tags,
        summary: 'Answer an under-, over- or late payment, or a moved rate: exchange at the current rate or refund',
        security: bearer,
        params: jellyOrderParams,
        body: jellyChoiceRequest,
        response: { 200: jellyOrder, ...errors },
      },
    },
    async (request) => {
      const { ctx, proceed } = service();
      return chooseJelly(ctx, signedIn(request), request.params.id, request.body, proceed);
    },
  );

  app.post(
    '/coin-jelly/orders/:id/check-account',
    {
      preHandler: app.authenticate,
      config: perMinute(10),
      schema: {
        tags,
        summary: "Look again now: the order's waiting payout or refund runs at once (after the user's wallet opened the token account)",
        security: bearer,
        params: jellyOrderParams,
        response: { 200: jellyOrder, ...errors },
      },
    },
    async (request) => {
      const { ctx, proceed } = service();
      return checkJellyAccount(ctx, signedIn(request), request.params.id, proceed);
    },
  );

  app.get(
    '/coin-jelly/user-orders',
    { preHandler: app.authenticate, schema: { tags, summary: "The signed-in wallet's orders", security: bearer, querystring: jellyUserOrdersQuery, response: { 200: jellyListResponse, ...errors } } },
    async (request) => listUserJelly(service().ctx.db, service().ctx.coins, signedIn(request), request.query),
  );

  app.get(
    '/coin-jelly/jelly-history',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: { tags: ['admin', ...tags], summary: 'Every order (admin)', security: bearer, querystring: jellyHistoryQuery, response: { 200: jellyListResponse, ...errors } },
    },
    async (request) => listJellyHistory(service().ctx.db, service().ctx.coins, request.query),
  );

  app.patch(
    '/admin/update-jelly',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: { tags: ['admin', ...tags], summary: 'Update Jelly: record the payout txID and the status (a txID another order or swap holds: 409)', security: bearer, body: updateJellyRequest, response: { 200: jellyOrder, ...errors } },
    },
    async (request) => updateJelly(service().ctx, signedIn(request), request.body),
  );

  app.post(
    '/admin/coin-jelly/confirm-deposit',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin', ...tags],
        summary: 'Confirm what arrived at an off-Solana deposit address (a txID another order or swap holds: 409)',
        security: bearer,
        body: confirmJellyDepositRequest,
        response: { 200: jellyOrder, ...errors },
      },
    },
    async (request) => {
      const { ctx, proceed } = service();
      return confirmJellyDeposit(ctx, signedIn(request), request.body, proceed);
    },
  );

  app.get(
    '/admin/coin-jelly/queue',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: { tags: ['admin', ...tags], summary: 'Orders waiting on an admin, and deposits no order could take', security: bearer, response: { 200: jellyAdminQueueResponse, ...errors } },
    },
    async () => jellyAdminQueue(service().ctx),
  );
};
