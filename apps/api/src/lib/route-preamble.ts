import { errorResponse } from '@jelly/contracts';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import type { AuthUser } from '../modules/auth/index.ts';

/** The OpenAPI security of a route that needs `Authorization: Bearer <access token>`. */
export const bearer = [{ bearerAuth: [] }];

/**
 * What each error status the server sends means, for the OpenAPI document. Every status of the error table
 * (errors.ts) and of the error handler is here; a route's responses are described from this map.
 */
export const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'Bad request: a parameter, the query or the body is invalid, or the action is refused for these values.',
  401: 'Not signed in: the bearer token is missing, invalid or expired (or the signature or nonce is wrong).',
  403: 'Forbidden: the caller may not do this (not a party, not an admin, or the wallet is banned).',
  404: 'Not found.',
  405: 'Method not allowed.',
  409: 'Conflict: the resource is not in the state this action needs, or the chain rejected the transaction.',
  413: 'Payload too large.',
  415: 'Unsupported media type.',
  429: 'Too many requests: try again after the time in the message.',
  500: 'Internal error: something went wrong on our side (the message carries the request id).',
  503: 'Service unavailable: a dependency (the Solana node, the price feed, the database) does not answer.',
  504: 'Timeout: a submitted transaction was not confirmed in time; it may still land.',
};

/**
 * The error statuses any route can answer, whether or not it lists them: 400 when it validates input, 413 and
 * 415 when it takes a body (too large, not a type it parses), 401 and 403 behind a bearer token (no or bad token;
 * banned wallet), 429 when it is rate-limited, 500 always.
 */
export function implicitErrorStatuses(route: {
  hasInput: boolean;
  hasBody: boolean;
  signedIn: boolean;
  rateLimited: boolean;
}): number[] {
  return [
    ...(route.hasInput ? [400] : []),
    ...(route.hasBody ? [413, 415] : []),
    ...(route.signedIn ? [401, 403] : []),
    ...(route.rateLimited ? [429] : []),
    500,
  ];
}

/** The error responses a route documents: each listed status answers the common error body. */
export function errorResponses<const Codes extends readonly number[]>(
  ...codes: Codes
): { [Code in Codes[number]]: typeof errorResponse } {
  return Object.fromEntries(codes.map((code) => [code, errorResponse])) as { [Code in Codes[number]]: typeof errorResponse };
}

/** The signed-in caller of a route behind `app.authenticate` (401 when the request carries no valid token). */
export function signedIn(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
