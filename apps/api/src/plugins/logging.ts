import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import fp from 'fastify-plugin';
import { logContextMixin, withLogContext } from '../lib/log-context.ts';

/** Query parameters whose values are never written to logs. */
const SECRET_QUERY_KEYS = /token|signature|secret|password|code|nonce|key/i;

/** Anything logged explicitly under these paths is censored. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'cookie',
  '*.authorization',
  '*.cookie',
  'accessToken',
  'refreshToken',
  'signature',
  'jwtSecret',
  'token',
  '*.accessToken',
  '*.refreshToken',
  '*.signature',
  '*.jwtSecret',
  '*.token',
  '*.password',
];

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of new Set(params.keys())) if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[Redacted]');
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/**
 * Pino options: request/response serializers that only ever pick safe fields, plus redaction; every line carries
 * the request id or the job name of the work that logged it (lib/log-context.ts).
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    mixin: logContextMixin,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

/**
 * Each request's logger: a child of the server's with the request id. Fastify hands every child the route's level,
 * which is the server's own for all our routes, and pino rebuilds its formatters for any child given options; a
 * child given none is the same logger for less work, once per request.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: { level?: string; serializers?: unknown },
): FastifyBaseLogger {
  const sameAsServer = (options.level === undefined || options.level === logger.level) && options.serializers === undefined;
  return sameAsServer ? logger.child(bindings) : logger.child(bindings, options as Parameters<FastifyBaseLogger['child']>[1]);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Keeps a well-formed incoming x-request-id (set by a proxy), otherwise makes a new one. */
export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Echoes the request id on every response so a user report can be matched with the logs, and makes it the log
 * scope of the request's work: a line logged through the app's logger while serving it carries the id too.
 */
export const requestIdHeader = fp(async (app) => {
  // a callback hook: an async one costs a promise and a turn of the microtask queue on every request
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withLogContext({ reqId: request.id }, done);
  });
});
