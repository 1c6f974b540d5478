import { closeSupportCaseRequest, disputeParams, supportCase, supportRequest, supportRequestResponse } from '@jelly/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { adminCaller, adminOnly } from '../admin/index.ts';
import { closeSupportCase } from './close-support-case.ts';
import { submitSupportRequest } from './submit-support-request.ts';
import { storeOnlySupportNotifier, type SupportNotifier } from './support-notifier.ts';

export interface SupportRoutesOptions {
  /** Who tells the admins (Telegram, …); by default requests are only stored. */
  notifier?: SupportNotifier;
}

export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, options) => {
  const notifier = options.notifier ?? storeOnlySupportNotifier;

  app.post(
    '/platform/call-tg-bot',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['deals'],
        summary: "Support Request: ask the admins to resolve a deal (it moves to Admin Resolving), or open a case up to 24 h after it completed, expired or was cancelled",
        security: bearer,
        body: supportRequest,
        response: { 200: supportRequestResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const deps = { db: app.db, notifier, log: request.log, now: app.config.now, admins: app.config.adminWallets };
      return submitSupportRequest(deps, signedIn(request), request.body);
    },
  );

  // The case's admin side lives here because the case is this module's record (support_requests).
  await app.register(async (scope) => {
    adminOnly(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/admin/disputes/:orderId/support-case/close',
      {
        schema: {
          tags: ['admin'],
          summary: "Close a support case on an ended deal with a reason both parties read",
          security: bearer,
          params: disputeParams,
          body: closeSupportCaseRequest,
          response: { 200: supportCase, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request) =>
        closeSupportCase({ db: app.db, now: app.config.now }, adminCaller(request), { orderId: request.params.orderId, reason: request.body.reason }),
    );
  });
};
