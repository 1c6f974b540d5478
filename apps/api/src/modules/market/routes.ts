import { errorResponse, marketQuery, marketResponse, orderPaths } from '@jelly/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../errors.ts';
import { listMarket } from './list-market.ts';

export interface MarketRoutesOptions {
  callerCountry: (request: FastifyRequest) => string | null;
}

/** The market: the same listing signed in (bearer; leaves out the caller's own offers) and signed out. */
export const marketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (app, { callerCountry }) => {
  app.get(
    orderPaths.marketSignedIn,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['market'],
        summary: "Active offers for a signed-in user (without the caller's own offers)",
        security: [{ bearerAuth: [] }],
        querystring: marketQuery,
        response: { 200: marketResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return listMarket(app.db, request.query, { wallet: request.user.wallet, country: callerCountry(request) });
    },
  );

  app.get(
    orderPaths.marketPublic,
    {
      schema: {
        tags: ['market'],
        summary: 'Active offers (signed out)',
        querystring: marketQuery,
        response: { 200: marketResponse, 400: errorResponse },
      },
    },
    async (request) => listMarket(app.db, request.query, null),
  );
};
