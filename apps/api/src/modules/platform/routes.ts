import { publicConfig } from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sameOriginRpcUrls, servesEmbeddedRpc } from '../../chain/public-rpc.ts';
import { publicConfigOf } from './public-config.ts';

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/platform/config',
    { schema: { tags: ['platform'], summary: 'Public client configuration', response: { 200: publicConfig } } },
    async (request) => publicConfigOf(app.config, app.chain, servesEmbeddedRpc(app) ? sameOriginRpcUrls(request) : null),
  );
};
