import {
  adminSwapUpdate,
  deskInventory,
  swapHistoryQuery,
  swapHistoryResponse,
  swapParams,
  swapPaths,
  swapQuote,
  swapQuoteRequest,
  swapRecord,
  swapSubmitRequest,
  swapSubmitResponse,
} from '@jelly/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { DEFAULT_DESK_CONFIG } from './desk-config.ts';
import { deskReport } from './desk-report.ts';
import { adminUpdateSwap } from './admin-update-swap.ts';
import { getSwap } from './get-swap.ts';
import { listSwaps } from './list-swaps.ts';
import { quoteSwapFor } from './quote-swap.ts';
import { submitSwap } from './submit-swap.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503, 504);

/** The chain and the desk, or 503: swaps need both. */
function swapDeps(app: FastifyInstance) {
  if (!app.chain || !app.desk) throw new AppError('CHAIN_UNAVAILABLE', 'Swaps are unavailable: the server has no Solana connection.');
  return { chain: app.chain, desk: app.desk };
}

const HISTORY_FILTERS =
  'Filters (each only when set; empty = unset): Asset All|SOL|USDC|USDT (either side), Status 0 Processing|1 Completed|' +
  "2 Failed, From/To (yyyy-MM-dd or ISO date-time on createdAt, To inclusive; From after To → 400 'The start date " +
  "cannot be after the end date.'), SearchWallet (text in the wallet or txID). Page (1…), Size 1..50 (default 10). Newest first.";

/** Quotes, submit, the records and the admin's desk. */
export const swapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const limits = config.swap ?? DEFAULT_DESK_CONFIG;

  app.post(
    swapPaths.quote,
    {
      preHandler: app.authenticate,
      // counted in batches: the quote writes nothing, and a write per request would cost more than the quote
      config: { rateLimit: { max: limits.quotesPerMinute, timeWindow: '1 minute', counting: 'batched' } },
      schema: {
        tags: ['swap'],
        summary: 'A firm quote from the Jelly desk, with the transaction to sign',
        description:
          'ExactIn: amount is what you send, in base units of inputMint (SOL as native lamports, mint So111…112). The ' +
          'answer uses Jupiter field names; outAmount = otherAmountThreshold is firm until expireAt. Sign `transaction` ' +
          "with signTransaction (never send it yourself) and POST it to /swap/submit. Refusals carry details.reason: 400 " +
          'pair_unsupported | same_token | below_minimum | above_maximum; 409 desk_inventory_short; ' +
          '503 price_unavailable | price_stale.',
        security: bearer,
        body: swapQuoteRequest,
        response: { 200: swapQuote, ...errors },
      },
    },
    async (request) => {
      const { chain, desk } = swapDeps(app);
      return quoteSwapFor({ db, chain, desk, priceFeed: app.priceFeed, now: config.now }, signedIn(request).wallet, request.body);
    },
  );

  app.post(
    swapPaths.submit,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: limits.submitsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['swap'],
        summary: "Submit the quote's transaction signed by your wallet: the desk co-signs, sends and records it",
        description:
          "Co-signed only when it is exactly the quote's transaction (compute-budget settings within caps aside), signed " +
          'by the quote\'s wallet, before expireAt and with the price within the band. A second submit of the same quote ' +
          "returns the first record with alreadySent: true ('You've already sent this request.'). Refusals: 404 " +
          'quote_not_found, 403 another wallet\'s quote, 409 quote_expired | price_moved | insufficient_balance | ' +
          'desk_inventory_short | transaction_failed (found in simulation: nothing is sent, the record says Failed), 400 ' +
          'transaction_mismatch (TRANSACTION_REFUSED).',
        security: bearer,
        body: swapSubmitRequest,
        response: { 200: swapSubmitResponse, ...errors },
      },
    },
    async (request) => {
      const { chain, desk } = swapDeps(app);
      const ctx = {
        db,
        chain,
        desk,
        priceFeed: app.priceFeed,
        now: config.now,
        feePayer: config.feePayer,
        ip: request.ip,
        log: request.log,
        balancesChanged: () => desk.state.balancesChanged(),
      };
      return submitSwap(ctx, signedIn(request).wallet, request.body);
    },
  );

  app.get(
    '/swaps/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['swap'],
        summary: 'One swap (its owner or an admin)',
        security: bearer,
        params: swapParams,
        response: { 200: swapRecord, ...errors },
      },
    },
    async (request) => getSwap({ db, chain: app.chain, now: config.now }, signedIn(request), request.params.id),
  );

  app.get(
    swapPaths.history,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['swap'],
        summary: 'Your swap history',
        description: HISTORY_FILTERS,
        security: bearer,
        querystring: swapHistoryQuery,
        response: { 200: swapHistoryResponse, ...errors },
      },
    },
    async (request) => listSwaps(db, signedIn(request).wallet, request.query),
  );

  app.get(
    swapPaths.adminSwaps,
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Every swap (admin)',
        description: HISTORY_FILTERS,
        security: bearer,
        querystring: swapHistoryQuery,
        response: { 200: swapHistoryResponse, ...errors },
      },
    },
    async (request) => listSwaps(db, null, request.query),
  );

  app.patch(
    '/admin/swaps/:id',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: "Move a swap record to Completed or Failed, with a reason (audit log)",
        description:
          'Only the admin moves of the swap state table: status 1 (Completed) from Processing or Failed, with a txID ' +
          '(sent or on the record) that the chain shows succeeded and paid the user the quoted output (otherwise 400); ' +
          'status 2 (Failed) from Processing. Any other change of status → 409 with the reason.',
        security: bearer,
        params: swapParams,
        body: adminSwapUpdate,
        response: { 200: swapRecord, ...errors },
      },
    },
    async (request) => adminUpdateSwap({ db, chain: app.chain, now: config.now }, signedIn(request), request.params.id, request.body),
  );

  app.get(
    swapPaths.adminDesk,
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: "The desk's inventory (from chain) and the P&L of completed swaps",
        security: bearer,
        response: { 200: deskInventory, ...errors },
      },
    },
    async () => {
      const { chain, desk } = swapDeps(app);
      return deskReport({ db, chain, desk, priceFeed: app.priceFeed, now: config.now });
    },
  );
};
