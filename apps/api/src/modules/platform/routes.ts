import { publicConfig } from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigOf } from './public-config.ts';

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/platform/config',
    { schema: { tags: ['platform'], summary: 'Public client configuration', response: { 200: publicConfig } } },
    async () => publicConfigOf(app.config, app.chain),
  );
};
