import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { createBatchedCounts } from './rate-limit-batched.ts';
import { postgresRateLimitStore, RATE_LIMIT_SWEEP_MS, sweepRateLimitCounters } from './rate-limit-store.ts';

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

  const sweep = setInterval(() => {
    sweepRateLimitCounters(app.db, app.config.now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'rate limit counter sweep failed'),
    );
  }, RATE_LIMIT_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await batched.close();
  });
});
