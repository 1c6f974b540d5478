import { retryPayoutParams, retryPayoutResponse } from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { perUserPerMinute } from '../chat/index.ts';
import { retryWaitingPayout } from './retry-payout.ts';

// One press of "Receive" after opening the account, perhaps a second; more is a script spending the platform's fees.
export const PAYOUT_RETRIES_PER_MINUTE = 5;

/** A payout waiting for the recipient's token account: the recipient asks for it to be sent now. */
export const payoutRoutes: FastifyPluginAsyncZod<{ confirmTimeoutMs?: number }> = async (app, options) => {
  const { db, config } = app;
  app.post(
    '/deals/:orderId/payout/retry',
    {
      preHandler: app.authenticate,
      config: perUserPerMinute(PAYOUT_RETRIES_PER_MINUTE),
      schema: {
        tags: ['deals'],
        summary: 'Send the refund or release that waited for your token account, now that you opened it',
        description:
          'Only the waiting payout’s recipient. Runs the payment-window refund or the admin’s recorded decision at once, ' +
          'as the payment-window job would. 404 for anyone but the two parties, 403 for the other party, 409 when ' +
          'nothing waits or the account is still missing.',
        security: bearer,
        params: retryPayoutParams,
        response: { 200: retryPayoutResponse, ...errorResponses(400, 401, 403, 404, 409, 429, 503, 504) },
      },
    },
    async (request) => {
      const timeout = options.confirmTimeoutMs === undefined ? {} : { confirmTimeoutMs: options.confirmTimeoutMs };
      const ctx = { db, chain: app.chain, now: config.now, feePayer: config.feePayer, ip: request.ip, log: request.log, ...timeout };
      return retryWaitingPayout(ctx, signedIn(request), request.params.orderId);
    },
  );
};
