import {
  adminOrderParams,
  adminOrderResponse,
  signAndSendRequest,
  signAndSendResponse,
} from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { requireChain } from './chain/escrow-config.ts';
import { getAdminOrder } from './get-admin-order.ts';
import { signAndSend } from './sign-and-send.ts';
import { payoutRoutes } from './payout-routes.ts';
import { windowRoutes } from './window/routes.ts';

export interface DealRoutesOptions {
  /** Confirmation time-out (60 s by default). */
  confirmTimeoutMs?: number;
}

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503, 504);

/** The co-signer, and the admin's dispute screen and resolution. */
export const dealRoutes: FastifyPluginAsyncZod<DealRoutesOptions> = async (app, options) => {
  const { db, config } = app;
  const confirmTimeoutMs = options.confirmTimeoutMs;
  const timeout = confirmTimeoutMs === undefined ? {} : { confirmTimeoutMs };
  await app.register(windowRoutes);
  await app.register(payoutRoutes, timeout);

  app.post(
    '/platform/admin/sign-and-send',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['deals'],
        summary: 'Co-sign (as fee payer) and submit an escrow transaction signed by your wallet',
        description:
          'Accepts exactly one escrow instruction (accept_offer_and_lock, sign_universal_ticket, cancel_universal_ticket) ' +
          'that matches one of your deals in the state it needs, plus optional compute-budget settings and idempotent ' +
          "creation of this action's recipients' token accounts. Simulates, sends, confirms (60 s), then moves the deal " +
          'from what the chain shows. The same transaction sent twice returns the first result (alreadyProcessed).',
        security: bearer,
        body: signAndSendRequest,
        response: { 200: signAndSendResponse, ...errors },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const chain = requireChain(app.chain);
      const ctx = { db, chain, now: config.now, feePayer: config.feePayer, ip: request.ip, log: request.log, ...timeout };
      return signAndSend(ctx, user, request.body.transaction);
    },
  );

  app.get(
    '/admin/orders/:orderId',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'A deal as the admin order chat shows it',
        security: bearer,
        params: adminOrderParams,
        response: { 200: adminOrderResponse, ...errors },
      },
    },
    async (request) => getAdminOrder({ db, chain: app.chain }, request.params.orderId),
  );
  // POST /admin/orders/:orderId/resolve lives in the admin module (reason, four-eyes); it calls adminResolve.
};
