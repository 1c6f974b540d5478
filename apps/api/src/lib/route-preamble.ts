import { errorResponse } from '@jelly/contracts';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import type { AuthUser } from '../modules/auth/index.ts';

/** The OpenAPI security of a route that needs `Authorization: Bearer <access token>`. */
export const bearer = [{ bearerAuth: [] }];

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
