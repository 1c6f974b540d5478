import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { createBatchedCounts } from './rate-limit-batched.ts';
import { postgresRateLimitStore, sweepRateLimitCounters } from './rate-limit-store.ts';

/**
 * Per-IP limits, opted into per route with `config: { rateLimit: { max, timeWindow } }` (per wallet with a
 * `keyGenerator`, see chat/per-user-rate-limit.ts). request.ip honours X-Forwarded-For only from TRUSTED_PROXIES
 * (Fastify trustProxy). The counters live in the database, so N replicas allow what one allows. A route that
 * is asked for many times a second and writes nothing (the swap quote) adds `counting: 'batched'`: its hits reach
 * the same counters a few times a second instead of one write per request (rate-limit-batched.ts).
 */
export const rateLimits = fp(async (app) => {
  const batched = createBatchedCounts(app.db, app.config.now, app.log);
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(app.db, app.config.now, batched),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${context.after}.`),
  });
  app.addHook('onClose', async () => batched.close());
});

/** One run of the counter sweep (a job of the app's list, every RATE_LIMIT_SWEEP_MS): deletes expired counters. */
export function rateLimitSweepRun(app: FastifyInstance): () => Promise<void> {
  return async () => {
    await sweepRateLimitCounters(app.db, app.config.now());
  };
}
