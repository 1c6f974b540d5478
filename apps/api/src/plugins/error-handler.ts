import type { ErrorCode, ErrorResponse } from '@jelly/contracts';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isRpcUnavailable } from '../chain/rpc-connection.ts';
import { rpcUnavailable } from '../chain/transactions/index.ts';
import { txClaimConflict } from '../db/tx-claims.ts';
import { AppError } from '../errors.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

function describeValidation(error: { validation: { instancePath: string; message?: string }[] }, where?: string) {
  return error.validation
    .map((issue) => {
      const path = [where, ...issue.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.');
      return path ? `${path}: ${issue.message ?? 'invalid'}` : (issue.message ?? 'invalid');
    })
    .join('; ');
}

/** Drizzle appends the query's bound values ("params: …") to its message: chat text, descriptions. */
function withoutParams(text: string | undefined): string | undefined {
  return text?.replace(/\nparams:[\s\S]*?(?=\n\s+at |$)/, '\nparams: [not logged]');
}

/**
 * What an unexpected failure logs: the error's type, code, message and stack without the bound query values, and
 * of its cause (the database's error) only the type and code, since database messages quote the offending value.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const cause = error.cause instanceof Error ? (error.cause as Error & { code?: unknown }) : null;
  return {
    type: error.name,
    code: (error as { code?: unknown }).code,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack),
    ...(cause ? { cause: { type: cause.name, code: cause.code } } : {}),
  };
}

/** One error handler: every failure becomes `{ error: { code, message, details? } }` with the right status. */
export const errorHandler = fp(async (app) => {
  app.setErrorHandler<FastifyError | AppError>((raised, request, reply) => {
    // A write that named a transaction another record holds (the database's claim triggers): the caller's conflict.
    // An RPC read the use-case did not wrap, after the connection's retries: the node is down, not our bug.
    const error = txClaimConflict(raised) ?? (isRpcUnavailable(raised) ? rpcUnavailable(raised) : raised);
    let status: number;
    let body: ErrorResponse;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = { error: { code: 'VALIDATION_ERROR', message: describeValidation(error, error.validationContext) } };
    } else if (isResponseSerializationError(error)) {
      status = 500; // our bug: the handler answered something its contract does not allow
      body = { error: { code: 'INTERNAL_ERROR', message: error.message } };
    } else {
      const candidate = typeof error.statusCode === 'number' ? error.statusCode : 500;
      status = candidate >= 400 && candidate < 600 ? candidate : 500;
      const code = CODE_BY_STATUS[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR');
      body = { error: { code, message: error.message } };
    }

    if (status >= 500 && error instanceof AppError && error.code !== 'INTERNAL_ERROR') {
      // Deliberate 5xx answers (chain unavailable, confirmation timeout) carry messages written for clients.
      request.log.warn({ code: body.error.code, status }, body.error.message);
    } else if (status >= 500) {
      request.log.error({ err: loggableError(error) }, 'request failed');
      body = {
        error: {
          code: status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR',
          message: `Something went wrong on our side. Please try again (request id ${request.id}).`,
        },
      };
    } else {
      request.log.info({ code: body.error.code, status }, body.error.message);
    }
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
});
