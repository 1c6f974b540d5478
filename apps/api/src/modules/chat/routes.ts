import {
  addSwapChatMessageRequest,
  addChatMessageRequest,
  addChatMessageResponse,
  chatMessagesQuery,
  chatMessagesResponse,
  chatPaths,
  chatRoomParams,
  swapChatParams,
} from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { addMessage } from './add-message.ts';
import { listMessages } from './list-messages.ts';
import { perUserPerMinute } from './per-user-rate-limit.ts';
import { addSwapMessage, listSwapMessages } from './swap-room.ts';

export interface ChatRoutesOptions {
  /** Messages one wallet may post per minute (default 30). */
  messagesPerMinute?: number;
  /** Message list reads per wallet per minute (default 120: polling every 5 s uses 12). */
  readsPerMinute?: number;
}

const errors = errorResponses(400, 401, 403, 404, 429);

/**
 * Deal chat: read (parties and admins) and post (the same, while the deal is not Completed or Cancelled).
 * Swap chat: the swap's owner and the admins read and post, at any time.
 */
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

  app.get(
    '/chat/swaps/:swapId/messages',
    {
      preHandler: app.authenticate,
      config: perUserPerMinute(options.readsPerMinute ?? 120),
      schema: {
        tags: ['chat'],
        summary: "A swap's chat messages (its owner and admins), oldest first (poll with after = the last id)",
        security: bearer,
        params: swapChatParams,
        querystring: chatMessagesQuery,
        response: { 200: chatMessagesResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSwapMessages(db, signedIn(request), request.params.swapId, request.query);
    },
  );

  app.post(
    '/chat/swaps/:swapId/messages',
    {
      preHandler: app.authenticate,
      config: perUserPerMinute(options.messagesPerMinute ?? 30),
      schema: {
        tags: ['chat'],
        summary: "Post a text message to a swap's chat (its owner or an admin) as the signed-in wallet",
        security: bearer,
        params: swapChatParams,
        body: addSwapChatMessageRequest,
        response: { 201: addChatMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const message = await addSwapMessage({ db, now: config.now, admins: config.adminWallets }, signedIn(request), request.params.swapId, request.body);
      return reply.status(201).send(message);
    },
  );
};
