import type { FastifyRequest } from 'fastify';

/**
 * Route config for @fastify/rate-limit counting per signed-in wallet (not per IP: many users share NATs and one
 * user may hop networks). It runs as a preHandler after `app.authenticate`, which sets request.user.
 */
export function perUserPerMinute(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `wallet:${request.user?.wallet ?? request.ip}`,
    },
  };
}
