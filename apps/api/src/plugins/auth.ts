import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import { verifyAccessToken } from '../modules/auth/index.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/** Bearer JWT authentication (`app.authenticate`) and the admin guard (`app.requireAdmin`). */
export const auth = fp(async (app) => {
  app.decorateRequest('user', null);

  app.decorate('authenticate', async function authenticate(request) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized('Missing or malformed access token (Authorization: Bearer <token>).');
    const result = await verifyAccessToken(app.config, match[1]);
    if (!result.ok) {
      throw new AppError(
        'UNAUTHORIZED',
        result.reason === 'expired' ? 'The access token has expired.' : 'The access token is invalid.',
      );
    }
    request.user = result.user;
  });

  app.decorate('requireAdmin', async function requireAdmin(request) {
    if (!request.user) throw unauthorized();
    if (!request.user.isAdmin) throw forbidden('This action needs an admin account.');
  });
});
