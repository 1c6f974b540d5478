import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/**
 * Per-IP limits, opted into per route with `config: { rateLimit: { max, timeWindow } }`.
 * request.ip honours X-Forwarded-For only from TRUSTED_PROXIES (Fastify trustProxy).
 */
export const rateLimits = fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${context.after}.`),
  });
});
