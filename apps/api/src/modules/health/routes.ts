import { healthResponse } from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feePayerRoutes } from './fee-payer-routes.ts';

/** GET /health — 200 when the database answers, 503 otherwise (for load balancers). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(feePayerRoutes);
  app.get(
    '/health',
    {
      schema: { tags: ['platform'], summary: 'Liveness and database check', response: { 200: healthResponse, 503: healthResponse } },
    },
    async (request, reply) => {
      try {
        await app.pingDatabase();
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', db: 'error' });
      }
    },
  );
};
