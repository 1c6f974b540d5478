/**
 * Child process of the market bench: the real API (no chain: the market does not touch it) without and with the
 * market page cache, and a bare Fastify route, each on its own port, so all are measured in the same run under the
 * same machine load. Announces { api, cached, pageCacheMs, bare } to the bench (bench kit's serveBench).
 */
import { serveBench } from '@jelly/bench-kit/child-side';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const config = await loadConfig();
// The same API twice: without the market page cache (every page read from PostgreSQL) and with the default one.
const app = await buildApp({ ...config, market: { pageCacheMs: 0 } });
const apiAddress = await app.listen({ port: 0, host: '127.0.0.1' });
const cached = await buildApp(config);
const cachedAddress = await cached.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

serveBench(
  { api: apiAddress, cached: cachedAddress, pageCacheMs: config.market?.pageCacheMs, bare: bareAddress },
  { stop: async () => void (await Promise.all([app.close(), cached.close(), bare.close()])) },
);
