import { marketOffer, marketQuery, marketResponse, orderParams, orderPaths } from '@jelly/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { getPublicOffer } from './get-public-offer.ts';
import { listMarket, marketResponseJson, type MarketCaches, type MarketResult } from './list-market.ts';
import { createNoCache, createSwrCache } from './swr-cache.ts';

export interface MarketRoutesOptions {
  callerCountry: (request: FastifyRequest) => string | null;
  /** How long shared pages are served from memory (0 = never). */
  pageCacheMs: number;
}

/** The body is prepared JSON (checked against the contract when the page was read), sent as it is. */
const sendJson = (reply: FastifyReply, result: MarketResult) =>
  reply.header('content-type', 'application/json; charset=utf-8').send(marketResponseJson(result));

/** The market: the same listing signed in (bearer; leaves out the caller's own offers) and signed out, and one open offer for a visitor. */
export const marketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (app, { callerCountry, pageCacheMs }) => {
  const now = () => app.config.now().getTime();
  const caches: MarketCaches = {
    // Totals may be 5 s old (60 s while a recount runs): they only draw the pager.
    totals: createSwrCache<number>({ freshMs: 5_000, staleMs: 60_000, maxEntries: 10_000, now }),
    pages:
      pageCacheMs > 0
        ? createSwrCache({ freshMs: pageCacheMs, staleMs: 2 * pageCacheMs, maxEntries: 5_000, now })
        : createNoCache(),
    hasOffers: pageCacheMs > 0 ? createSwrCache<boolean>({ freshMs: 5_000, staleMs: 5_000, maxEntries: 50_000, now }) : createNoCache<boolean>(),
  };
  app.get(
    orderPaths.marketSignedIn,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['market'],
        summary: "Active offers for a signed-in user (without the caller's own offers)",
        security: bearer,
        querystring: marketQuery,
        response: { 200: marketResponse, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const caller = { wallet: signedIn(request).wallet, country: callerCountry(request) };
      return sendJson(reply, await listMarket({ db: app.db, caches }, caller, request.query));
    },
  );

  app.get(
    orderPaths.marketPublic,
    {
      schema: {
        tags: ['market'],
        summary: 'Active offers (signed out)',
        querystring: marketQuery,
        response: { 200: marketResponse, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const caller = { wallet: null, country: callerCountry(request) };
      return sendJson(reply, await listMarket({ db: app.db, caches }, caller, request.query));
    },
  );

  app.get(
    orderPaths.publicOffer(':orderId'),
    {
      schema: {
        tags: ['market'],
        summary: 'One open offer as the signed-out market shows it (a shared offer link); 404 for anything the market does not list',
        params: orderParams,
        response: { 200: marketOffer, ...errorResponses(400, 404) },
      },
    },
    async (request) => getPublicOffer(app.db, callerCountry(request), request.params.orderId),
  );
};
