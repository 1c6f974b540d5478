import {
  answerWindowExtensionRequest,
  dealWindowParams,
  dealWindowResponse,
  requestWindowExtensionRequest,
  windowExtensionParams,
} from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, signedIn } from '../../../lib/route-preamble.ts';
import { perUserPerMinute } from '../../chat/index.ts';
import { answerExtension } from './answer-extension.ts';
import { getDealWindow } from './get-window.ts';
import { requestExtension } from './request-extension.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
// Asking and answering are a few clicks per deal; anything faster is a script (counted per wallet).
export const WINDOW_ACTS_PER_MINUTE = 20;
const actLimit = perUserPerMinute(WINDOW_ACTS_PER_MINUTE);

/** A deal's payment window: read it, ask for more time, answer the other party's request. */
export const windowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const ctx = { db, now: config.now };

  app.get(
    '/deals/:orderId/window',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: "A deal's payment deadline and its requests for more time",
        security: bearer,
        params: dealWindowParams,
        response: { 200: dealWindowResponse, ...errors },
      },
    },
    async (request) => getDealWindow(db, signedIn(request), request.params.orderId),
  );

  app.post(
    '/deals/:orderId/window/extensions',
    {
      preHandler: app.authenticate,
      config: actLimit,
      schema: {
        tags: ['deals'],
        summary: 'Ask the other party for 15, 30 or 60 more minutes (twice per deal at most, one request at a time)',
        security: bearer,
        params: dealWindowParams,
        body: requestWindowExtensionRequest,
        response: { 200: dealWindowResponse, ...errors },
      },
    },
    async (request) => requestExtension(ctx, signedIn(request), request.params.orderId, request.body.minutes),
  );

  app.post(
    '/deals/:orderId/window/extensions/:extensionId/answer',
    {
      preHandler: app.authenticate,
      config: actLimit,
      schema: {
        tags: ['deals'],
        summary: "Accept (the deadline moves) or decline the other party's request for more time",
        security: bearer,
        params: windowExtensionParams,
        body: answerWindowExtensionRequest,
        response: { 200: dealWindowResponse, ...errors },
      },
    },
    async (request) =>
      answerExtension(ctx, signedIn(request), { dealId: request.params.orderId, extensionId: request.params.extensionId }, request.body.answer),
  );
};
