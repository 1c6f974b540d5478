import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import { BanGuard, verifyAccessToken, walletBannedError } from '../modules/auth/index.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/**
 * Bearer JWT authentication (`app.authenticate`) and the admin guard (`app.requireAdmin`). A valid token is not
 * enough: the wallet must not be banned now (`app.bans`, cached ≤ 5 s), and admin rights come from the current
 * ADMIN_WALLETS, so removing a wallet from it ends its admin access before its token expires.
 */
export const auth = fp(async (app) => {
  app.decorateRequest('user', null);
  app.decorate('bans', new BanGuard(app.db, app.config));

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
    const ban = await app.bans.activeBan(result.user.wallet);
    if (ban) throw walletBannedError(ban);
    const { wallet } = result.user;
    request.user = { wallet, isAdmin: result.user.isAdmin && app.config.adminWallets.has(wallet) };
  });

  app.decorate('requireAdmin', async function requireAdmin(request) {
    if (!request.user) throw unauthorized();
    if (!request.user.isAdmin || !app.config.adminWallets.has(request.user.wallet)) {
      throw forbidden('This action needs an admin account.');
    }
  });
});
