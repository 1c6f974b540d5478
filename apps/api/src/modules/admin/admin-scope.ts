import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../errors.ts';
import { signedIn } from '../../lib/route-preamble.ts';
import type { AuthUser } from '../auth/index.ts';

/**
 * Puts every route registered in this plugin scope behind the admin check, run before the route's schema validation
 * (preValidation, after the app-wide text guard): a valid token of a wallet that is not banned, and that wallet in
 * the CURRENT admin list. A non-admin learns nothing about what the route accepts.
 * Routes therefore cannot forget it, and a wallet removed from ADMIN_WALLETS loses access on its next request.
 */
export function adminOnly(app: FastifyInstance): void {
  app.addHook('preValidation', async function adminOnlyHook(request, reply) {
    await app.authenticate.call(app, request, reply);
    await app.requireAdmin.call(app, request, reply);
  });
}

/** The admin calling a route inside an adminOnly scope (re-checked so a handler never runs for anyone else). */
export function adminCaller(request: FastifyRequest): AuthUser {
  const user = signedIn(request);
  if (!user.isAdmin || !request.server.config.adminWallets.has(user.wallet)) throw forbidden('This action needs an admin account.');
  return user;
}

/** Page and size of an admin list (default 20 per page). */
export function pageOf(query: { Page?: number | undefined; Size?: number | undefined }, defaultSize: number) {
  const page = query.Page ?? 1;
  const size = query.Size ?? defaultSize;
  return { page, size, offset: (page - 1) * size, limit: size };
}
