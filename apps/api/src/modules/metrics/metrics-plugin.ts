import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { observeSends } from '../../chain/gate/index.ts';
import { observeRpc } from '../../chain/rpc-connection.ts';
import { notFound } from '../../errors.ts';
import { allowList } from './allow-list.ts';
import { defineMetrics } from './definitions.ts';
import { DEFAULT_METRICS_CONFIG } from './metrics-config.ts';
import { refreshScrapeReads } from './scrape-reads.ts';

export const METRICS_PATH = '/metrics';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route's pattern (`/api/deals/:id`), never the URL: one series per route, whatever the ids and queries. */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * The operators' metrics: GET /metrics in the Prometheus text format, answered only to METRICS_ALLOW (the client
 * address as the app sees it everywhere: the socket's, or X-Forwarded-For's from TRUSTED_PROXIES only, so a public
 * client behind a local proxy is not let in); any other caller gets the API's 404 for a missing route.
 * Counters and histograms are fed as things happen (requests, RPC calls, sends); the rest is read at each scrape.
 */
export const metrics = fp(
  async (app) => {
    const m = defineMetrics();
    const allowed = allowList((app.config.metrics ?? DEFAULT_METRICS_CONFIG).allow);

    app.addHook('onResponse', async (request, reply) => {
      // A WebSocket's upgrade is not a request to time (its lifetime would be); jelly_realtime_open_sockets counts them.
      if (request.ws) return;
      const method = METHODS.has(request.method) ? request.method : 'OTHER';
      const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
      m.httpDuration.observe({ method, route: routeLabel(request), status_class: statusClass }, reply.elapsedTime / 1000);
    });

    const stops = [
      observeSends(app.db, {
        recorded: (kind) => m.sends.inc({ kind, state: 'recorded' }),
        ended: (kind, end, seconds) => {
          m.sends.inc({ kind, state: end });
          if (end === 'landed') m.sendLand.observe({ kind }, seconds);
        },
      }),
    ];
    if (app.chain) {
      stops.push(
        observeRpc(app.chain.connection, {
          call: (method) => m.rpcCalls.inc({ method }),
          retry: (method) => m.rpcRetries.inc({ method }),
          error: (method) => m.rpcErrors.inc({ method }),
        }),
      );
    }
    // Job runs, durations and failures, as lib/interval-job.ts reports each finished run.
    stops.push(app.jobs.onRun(({ job, ms, ok }) => m.jobRuns.observe({ job, outcome: ok ? 'ok' : 'failed' }, ms / 1000)));
    app.addHook('onClose', async () => {
      for (const stop of stops) stop();
    });

    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      // The API's own 404 for a missing route: a caller not allowed learns nothing, not even that metrics exist.
      if (!allowed(request.ip)) throw notFound(`Route GET ${METRICS_PATH} not found.`);
      await refreshScrapeReads(app, m);
      return reply.type(m.registry.contentType).send(await m.registry.metrics());
    });
  },
  { name: 'metrics' },
);
