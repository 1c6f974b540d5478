import { healthResponse, livenessResponse } from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feePayerRoutes } from './fee-payer-routes.ts';
import { DEFAULT_HEALTH_CONFIG } from './health-config.ts';
import { rpcReadiness } from './rpc-readiness.ts';

/**
 * GET /health/live — the process answers (for a supervisor deciding to restart it).
 * GET /health — ready for traffic (for load balancers): the database and the Solana node answer and the replica is
 * not draining; 503 otherwise, the body naming the part that fails.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(feePayerRoutes);
  const { rpcUnreadyAfter } = app.config.health ?? DEFAULT_HEALTH_CONFIG;
  const rpc = app.chain ? rpcReadiness(app.chain.connection, rpcUnreadyAfter) : async () => 'none' as const;
  app.get(
    '/health/live',
    { schema: { tags: ['platform'], summary: 'Liveness: the process answers', response: { 200: livenessResponse } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: database, Solana node, not draining',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (request, reply) => {
      const [db, node] = await Promise.all([
        app.pingDatabase().then(
          () => 'ok' as const,
          (error: unknown) => {
            request.log.error({ err: error }, 'health check: database unreachable');
            return 'error' as const;
          },
        ),
        rpc(),
      ]);
      if (node === 'error') request.log.warn('health check: the Solana node failed its last readiness probes');
      const status = app.draining ? 'draining' : db === 'ok' && node !== 'error' ? 'ok' : 'error';
      return reply.status(status === 'ok' ? 200 : 503).send({ status, db, rpc: node });
    },
  );
};
