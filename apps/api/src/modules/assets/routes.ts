import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import type { AssetGroups } from './bundled-assets.ts';

const params = z.object({
  group: z.enum(['flags', 'coins', 'currencies']),
  file: z.string().regex(/^[A-Za-z0-9-]{1,16}\.svg$/, 'file must look like NAME.svg'),
});

/** GET /assets/:group/:file — bundled flag, coin and currency icons, cached for a year. */
export const assetRoutes: FastifyPluginAsyncZod<{ assets: AssetGroups }> = async (app, { assets }) => {
  app.get('/assets/:group/:file', { schema: { params, hide: true } }, async (request, reply) => {
    const svg = assets[request.params.group].get(request.params.file);
    if (svg === undefined) throw notFound(`Icon ${request.params.group}/${request.params.file} not found.`);
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(svg);
  });
};
