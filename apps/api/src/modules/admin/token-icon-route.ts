import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { ICON_CONTENT_TYPES, TOKEN_ICONS_FOLDER } from './fetch-icon.ts';

const params = z.object({
  file: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/, 'Unknown icon'),
});

/** GET /platform/token-icons/:file — the icons stored when admins listed tokens (names carry a content hash). */
export const tokenIconRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/platform/token-icons/:file', { schema: { params, hide: true } }, async (request, reply) => {
    const { file } = request.params;
    let bytes: Buffer;
    try {
      bytes = await readFile(join(app.config.dataDir, TOKEN_ICONS_FOLDER, file));
    } catch {
      throw notFound('Icon not found.');
    }
    const ext = file.slice(file.lastIndexOf('.') + 1);
    return reply
      .type(ICON_CONTENT_TYPES.get(ext) ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
};
