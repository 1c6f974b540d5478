import {
  addChatMessageRequest,
  addChatMessageResponse,
  chatMessagesQuery,
  chatMessagesResponse,
  chatPaths,
  chatRoomParams,
} from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { addMessage } from './add-message.ts';
import { listMessages } from './list-messages.ts';
import { perUserPerMinute } from './per-user-rate-limit.ts';

export interface ChatRoutesOptions {
  /** Messages one wallet may post per minute (default 30). */
  messagesPerMinute?: number;
  /** Message list reads per wallet per minute (default 120: polling every 5 s uses 12). */
  readsPerMinute?: number;
}

const errors = errorResponses(400, 401, 403, 404, 429);

/** Deal chat: read (parties and admins) and post (the same, while the deal is not Completed or Cancelled). */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, options) => {
  const { db, config } = app;

  app.get(
    '/chat/rooms/:orderId/messages',
    {
      preHandler: app.authenticate,
      config: perUserPerMinute(options.readsPerMinute ?? 120),
      schema: {
        tags: ['chat'],
        summary: "A deal's chat messages, oldest first (poll with after = the last id)",
        security: bearer,
        params: chatRoomParams,
        querystring: chatMessagesQuery,
        response: { 200: chatMessagesResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      reply.header('cache-control', 'no-store');
      return listMessages(db, user, request.params.orderId, request.query);
    },
  );

  app.post(
    chatPaths.addMessage,
    {
      preHandler: app.authenticate,
      config: perUserPerMinute(options.messagesPerMinute ?? 30),
      schema: {
        tags: ['chat'],
        summary: "Post a text message to a deal's chat as the signed-in wallet",
        security: bearer,
        body: addChatMessageRequest,
        response: { 201: addChatMessageResponse, ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const message = await addMessage({ db, now: config.now }, user, request.body);
      return reply.status(201).send(message);
    },
  );
};
