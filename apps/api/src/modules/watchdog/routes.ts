import { overdueResponse } from '@jelly/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearer, errorResponses } from '../../lib/route-preamble.ts';
import { adminCaller, adminOnly } from '../admin/index.ts';
import { listOverdue } from './overdue.ts';
import { watchdogContextOf } from './watchdog-job.ts';

const errors = errorResponses(401, 403, 429);

/** GET /admin/overdue, behind the admin module's one admin check. */
export const watchdogRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);
  const ctx = watchdogContextOf(app);
  app.withTypeProvider<ZodTypeProvider>().get('/admin/overdue', {
    schema: {
      tags: ['admin'],
      summary: 'Everything in which money or a decision waits past its deadline, with the counts by kind',
      security: bearer,
      response: { 200: overdueResponse, ...errors },
    },
  }, async (request) => {
    adminCaller(request);
    return listOverdue(ctx);
  });
};
