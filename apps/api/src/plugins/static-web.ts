import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEAL_PAGE_PATHNAME } from '@jelly/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../errors.ts';

export const WEB_NOT_BUILT_MESSAGE =
  'The Jelly web app is not built yet. Run `npm run build -w @jelly/web` (or `npm start` from the repository root), then restart the server.\n';

/** The folder of per-screen first pages in the web build (apps/web/first-paint/plugin.ts writes it). */
const FIRST_PAINT_DIR = 'first-paint';

/** A deal's page (DEAL_PAGE_PATHNAME) has its own first paint (no other path is sent that file). */
const DEAL_FILE = 'deal.html';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Serves the built web app at `/` with an SPA fallback: a GET outside /api that is not a file answers
 * index.html so client-side routes survive a reload. Unknown /api paths answer a JSON 404.
 */
export const staticWeb = fp<{ webDist: string }>(async (app, { webDist }) => {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      // The build writes .br and .gz beside each asset; they are sent as they are to clients that accept them.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/, so those never change; the rest must revalidate.
        const fingerprinted = path.startsWith(join(webDist, 'assets'));
        res.header('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The web build writes first-paint/<screen>.html for the main screens (the home page, the market, swap, Coin Jelly, /p2p,
  // the dashboard) and deal.html for every deal's page: index.html with that screen's top already in the markup,
  // painted before the app's JavaScript has run.
  const firstPaint = new Set(built && existsSync(join(webDist, FIRST_PAINT_DIR)) ? readdirSync(join(webDist, FIRST_PAINT_DIR)) : []);
  const pageFor = (path: string, query: string) => {
    // /swap-chat/{id} is a deal's page, unless ?kind=swap makes it a swap's chat (which has no first paint of its own).
    const deal = DEAL_PAGE_PATHNAME.test(path);
    if (deal) return new URLSearchParams(query).get('kind') !== 'swap' && firstPaint.has(DEAL_FILE) ? `${FIRST_PAINT_DIR}/${DEAL_FILE}` : 'index.html';
    const own = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
    return !own.includes('/') && own !== DEAL_FILE && firstPaint.has(own) ? `${FIRST_PAINT_DIR}/${own}` : 'index.html';
  };
  const sendApp = (reply: FastifyReply, path: string, query = '') => reply.header('cache-control', 'no-cache').sendFile(pageFor(path, query));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const [path = '/', query = ''] = request.url.split('?');
    if (isApiPath(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw notFound(`Route ${request.method} ${path} not found.`);
    }
    if (!built) return reply.status(503).type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_MESSAGE);
    // A missing file (has an extension) is a real 404, not a client-side route.
    if (extname(path) !== '') throw notFound(`File ${path} not found.`);
    return sendApp(reply, path, query);
  });

  if (built) app.get('/', { schema: { hide: true } }, (_request, reply) => sendApp(reply, '/'));
});
