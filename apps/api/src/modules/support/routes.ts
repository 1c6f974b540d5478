import { supportRequest, supportRequestResponse } from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
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
      return submitSupportRequest({ db: app.db, notifier, log: request.log, now: app.config.now }, signedIn(request), request.body);
    },
  );
};
