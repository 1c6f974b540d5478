import { errorResponse, supportRequest, supportRequestResponse } from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../errors.ts';
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
        summary: "Support Request: ask the admins to resolve a deal (the deal moves to Admin Resolving)",
        security: [{ bearerAuth: [] }],
        body: supportRequest,
        response: {
          200: supportRequestResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return submitSupportRequest(app.db, notifier, request.log, request.user.wallet, request.body, app.config.now());
    },
  );
};
